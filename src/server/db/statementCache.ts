import type { Database as SQLiteFile, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Prepared statements kept per SQLite file; the queries of the shop are a few hundred distinct texts. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite file as Kysely's dialect sees it, with its prepared statements kept by SQL text.
 * Kysely prepares every query again (`prepare` was 15% of the server's CPU under catalogue search
 * load); a prepared statement can run any number of times with new parameters. SQLite re-prepares a
 * kept statement by itself after a schema change. A statement still being iterated (a streamed
 * query) is busy: a fresh one is prepared for that call. The least recently used text is dropped
 * past `max`.
 */
export function cachingStatements(file: SQLiteFile, max = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const kept = new Map<string, Statement>();
  return {
    close: () => {
      kept.clear();
      file.close();
    },
    prepare: (sql: string) => {
      const found = kept.get(sql);
      if (found && !found.busy) {
        kept.delete(sql);
        kept.set(sql, found);
        return found;
      }
      const statement = file.prepare(sql);
      if (found) return statement;
      kept.set(sql, statement);
      if (kept.size > max) kept.delete(kept.keys().next().value as string);
      return statement;
    },
  };
}
