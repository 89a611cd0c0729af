import type { Db } from '../db/createDb';

/** Share links to a patient's results (`result_shares`, SHA-256 of the token only) and their openings. */

/** Deletes the links expired before `cutoff` with their openings; answers how many links went (the purge). */
export async function deleteExpiredShares(db: Db, cutoff: string): Promise<number> {
  const oldShares = db.selectFrom('result_shares').select('id').where('expires_at', '<', cutoff);
  await db.deleteFrom('result_share_openings').where('share_id', 'in', oldShares).execute();
  const shares = await db.deleteFrom('result_shares').where('expires_at', '<', cutoff).executeTakeFirst();
  return Number(shares.numDeletedRows);
}
