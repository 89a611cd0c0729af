import type { Db } from '../db/createDb';

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
