import { sql } from 'kysely';
import type { Db } from './createDb';
import { isPostgres } from './kind';

/**
 * The one way to open a write transaction. Runs `fn` in the caller's transaction when `db` already is
 * one (`db.isTransaction`: the work joins it and commits with it), else in a new one:
 * - on SQLite `BEGIN IMMEDIATE` (the write lock is taken at the start, so parallel writers queue on the
 *   busy timeout instead of failing on lock upgrade, and a read-then-write inside is not overtaken);
 * - on PostgreSQL a regular transaction, with row or advisory locks taken by the caller.
 * A throw rolls the new transaction back; a joined one is left to its owner.
 */
export async function inWriteTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  if (isPostgres(db)) return db.transaction().execute(fn);
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(asTransaction(conn));
      await sql`commit`.execute(conn);
      return result;
    } catch (e) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw e;
    }
  });
}

/** The connection as what it is between `begin` and `commit`: `isTransaction`, so inner callers join it. */
function asTransaction(conn: Db): Db {
  return new Proxy(conn, {
    get(target, key) {
      if (key === 'isTransaction') return true;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
