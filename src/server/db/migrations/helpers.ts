import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

export { isPostgres } from '../kind';

/**
 * Helpers shared by the migrations. One set of migrations serves SQLite and PostgreSQL; only portable
 * column types are used: integer, real (double precision on PostgreSQL), text. Auto-increment ids
 * become `serial` on PostgreSQL and `integer primary key autoincrement` on SQLite.
 */
export type Db = Kysely<unknown>;

export function idColumn(pg: boolean) {
  return [pg ? 'serial' : 'integer', (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement())] as const;
}

export const REAL = (pg: boolean) => (pg ? 'double precision' : 'real');
