import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type DatabaseIntrospector } from 'kysely';
import type { ServerConfig } from '../config';
import { getConfig } from '../config';
import { migrationProvider } from './migrations';
import { grantAppRole, roleOf } from './roles';
import type { Database } from './schema';
import { seedDemo } from './seed';
import { cachingStatements } from './statementCache';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'sqlite' | 'postgres';
  destroy(): Promise<void>;
}

/** How each PostgreSQL database of this process was opened: for connections of their own beside the pool (LISTEN). */
const pgConnections = new WeakMap<Db, { connectionString: string; schema: string | null; options?: string }>();

/** The connection settings of a PostgreSQL database opened by `openDb` (null: SQLite, or not opened here). */
export function pgConnectionOf(db: Db): { connectionString: string; schema: string | null; options?: string } | null {
  return pgConnections.get(db) ?? null;
}

/** Opens a connection pool (PostgreSQL) or file (SQLite, WAL mode) without migrating. */
export async function openDb(database: ServerConfig['database']): Promise<DbHandle> {
  if (database.kind === 'sqlite') {
    const { default: SQLite } = await import('better-sqlite3');
    fs.mkdirSync(path.dirname(database.file), { recursive: true });
    const file = new SQLite(database.file);
    file.pragma('journal_mode = WAL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    file.pragma('synchronous = NORMAL');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(file) }) });
    return { db, kind: 'sqlite', destroy: () => db.destroy() };
  }
  const { Pool } = await import('pg');
  const schema = database.schema;
  const pool = new Pool({
    connectionString: database.url,
    max: Number(process.env.PG_POOL_MAX || 10),
    // public stays on the path for database-wide extensions (pg_trgm), see below.
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pgConnections.set(db, { connectionString: database.url, schema: schema ?? null, ...(schema ? { options: `-c search_path=${schema},public` } : {}) });
  if (schema) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name ${schema}`);
    // Created only when missing: the app's role of the two-role setup may not create schemas.
    const found = await sql<{ n: number }>`select 1 as n from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
    if (!found.rows.length) await sql.raw(`create schema if not exists ${schema}`).execute(db);
    // Extensions are per database, not per schema: keep pg_trgm in public so every schema finds its
    // operator classes (created inside a schema it would vanish with that schema's cleanup).
    await sql`create extension if not exists pg_trgm schema public`.execute(db).catch(() => undefined);
  }
  return { db, kind: 'postgres', destroy: () => db.destroy() };
}

/**
 * Applies every pending migration; safe to call on every start-up. On PostgreSQL with a schema the
 * migration tables live in that schema: Kysely looks them up by name across all schemas otherwise,
 * and would take another schema's tables for its own.
 */
export async function migrate(db: Db, schema?: string): Promise<void> {
  const { error, results } = await createMigrator(db, schema).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * The shop's migrator for a database (and, on PostgreSQL, the schema it works in). Migrations of
 * parallel lines of work share a prefix (`0005_1_…`, `0005_2_…`) and may land after a later-numbered
 * one was applied; each is still applied once.
 */
export function createMigrator(db: Db, schema?: string): Migrator {
  return new Migrator({ db: schema ? withSchemaIntrospection(db, schema) : db, provider: migrationProvider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
}

/**
 * The database as the migrator sees it when it works in one schema: its look-ups of existing schemas
 * and tables stay inside that schema. Kysely's own introspection reads every schema of the server and
 * fails ("schema … does not exist") when another schema is dropped during the query, as parallel test
 * files do with theirs.
 */
function withSchemaIntrospection(db: Db, schema: string): Db {
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const rows = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
      return rows.rows.map((r) => ({ name: r.name }));
    },
    async getTables() {
      const rows = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = ${schema}`.execute(db);
      return rows.rows.map((r) => ({ name: r.name, schema, isView: false, columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Opens, migrates and (when configured) seeds the database. With `migrationDatabase`
 * (DATABASE_MIGRATION_URL, PostgreSQL) the migrations and the seed run as that owning role, which then
 * grants the app's role (the user of DATABASE_URL) its rights (db/roles.ts); the app itself connects
 * as its own role and never owns a table.
 */
export async function createDb(config: Pick<ServerConfig, 'database' | 'seedDemo' | 'migrationDatabase'>): Promise<DbHandle> {
  const owner = config.migrationDatabase;
  if (owner && config.database.kind === 'postgres') {
    const migrator = await openDb(owner);
    try {
      await migrate(migrator.db, owner.schema);
      const role = roleOf(config.database.url);
      if (role !== roleOf(owner.url)) await grantAppRole(migrator.db, role, owner.schema ?? 'public');
      if (config.seedDemo) await seedDemo(migrator.db);
    } finally {
      await migrator.destroy();
    }
    return openDb(config.database);
  }
  const handle = await openDb(config.database);
  await migrate(handle.db, config.database.kind === 'postgres' ? config.database.schema : undefined);
  if (config.seedDemo) await seedDemo(handle.db);
  return handle;
}

const holder = globalThis as unknown as { __labShopDb?: Promise<DbHandle> };

/** The process-wide database, opened and migrated on first use (kept across hot reloads). */
export function getDb(): Promise<Db> {
  if (!holder.__labShopDb) {
    holder.__labShopDb = createDb(getConfig()).catch((e: unknown) => {
      holder.__labShopDb = undefined;
      throw e;
    });
  }
  return holder.__labShopDb.then((h) => h.db);
}

/** Tests point the process-wide database at their own handle. */
export function setDbForTests(handle: DbHandle | undefined): void {
  holder.__labShopDb = handle ? Promise.resolve(handle) : undefined;
}
