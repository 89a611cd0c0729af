import { PostgresAdapter, type QueryExecutor } from 'kysely';

/**
 * Whether a database (or transaction) is PostgreSQL; otherwise it is SQLite. The one check of the
 * database's kind, for the few places that differ: the job queue, write transactions, row locks,
 * the audit chain's lock and the migrations' column types.
 */
export function isPostgres(db: { getExecutor(): QueryExecutor }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
