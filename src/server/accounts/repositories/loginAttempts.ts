import { sql } from 'kysely';
import type { Db } from '@/server/db/createDb';

/** The attempts counted by the limits (`login_attempts`, rateLimit.ts): one row per attempt under a key. */

/** Deletes the attempts older than `cutoff`; answers how many went (the purge). */
export async function deleteAttemptsBefore(db: Db, cutoff: string): Promise<number> {
  const r = await db.deleteFrom('login_attempts').where('at', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Deletes the attempts counted under `keys` (the limits' keys of an erased account). */
export async function deleteAttemptsUnder(db: Db, keys: string[]): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', 'in', keys).execute();
}

/**
 * Holds a PostgreSQL advisory lock on `key` until the caller's transaction ends (rateLimit.ts takes
 * them in sorted order, so two callers cannot deadlock).
 */
export async function lockAttemptKey(trx: Db, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** The times of the newest `max` attempts under `key` after `since`, newest first; `failures` counts only failed ones. */
export async function listRecentAttempts(db: Db, key: string, since: string, counted: 'failures' | 'all', max: number): Promise<{ at: string }[]> {
  let query = db.selectFrom('login_attempts').select('at').where('key', '=', key).where('at', '>', since);
  if (counted === 'failures') query = query.where('success', '=', 0);
  return query.orderBy('at', 'desc').limit(max).execute();
}

/** Records one attempt at `at` under every key; answers the rows' ids. */
export async function insertAttempts(db: Db, keys: string[], at: string, success: 0 | 1): Promise<number[]> {
  const rows = await db
    .insertInto('login_attempts')
    .values(keys.map((key) => ({ key, at, success })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes the attempts under `keys` older than `before` (they left the window). */
export async function deleteAttemptsOutside(db: Db, keys: string[], before: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', 'in', keys).where('at', '<', before).execute();
}

export async function deleteAttemptsById(db: Db, ids: number[]): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', 'in', ids).execute();
}

/** Deletes every attempt under `key` (a successful sign-in clears the address's failures). */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}
