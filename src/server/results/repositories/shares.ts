import type { Db } from '@/server/db/createDb';

/** Share links to a patient's results (`result_shares`, SHA-256 of the token only) and their openings. */

export async function insertShare(db: Db, s: { orderId: number; patientId: number; userId: number; tokenHash: string; createdAt: string; expiresAt: string }) {
  return db
    .insertInto('result_shares')
    .values({ order_id: s.orderId, patient_id: s.patientId, user_id: s.userId, token_hash: s.tokenHash, created_at: s.createdAt, expires_at: s.expiresAt, revoked_at: null, last_opened_at: null })
    .returning(['id', 'created_at', 'expires_at', 'revoked_at', 'last_opened_at', 'open_count'])
    .executeTakeFirstOrThrow();
}

/** The owner's links to one patient's results of one order, newest first. */
export async function listOwnShares(db: Db, userId: number, orderId: number, patientId: number) {
  return db
    .selectFrom('result_shares')
    .select(['id', 'created_at', 'expires_at', 'revoked_at', 'last_opened_at', 'open_count'])
    .where('order_id', '=', orderId)
    .where('patient_id', '=', patientId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One link of the owner's, if it is theirs and of that order and patient. */
export async function findOwnShare(db: Db, userId: number, orderId: number, patientId: number, shareId: number) {
  return db
    .selectFrom('result_shares')
    .select(['id', 'revoked_at'])
    .where('id', '=', shareId)
    .where('order_id', '=', orderId)
    .where('patient_id', '=', patientId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function revokeShareById(db: Db, shareId: number, at: string): Promise<void> {
  await db.updateTable('result_shares').set({ revoked_at: at }).where('id', '=', shareId).execute();
}

export async function findShareByTokenHash(db: Db, tokenHash: string) {
  return db.selectFrom('result_shares').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Records one opening of the link and counts it on the link. */
export async function recordOpening(db: Db, shareId: number, at: string): Promise<void> {
  await db.insertInto('result_share_openings').values({ share_id: shareId, at }).execute();
  await db
    .updateTable('result_shares')
    .set((eb) => ({ last_opened_at: at, open_count: eb('open_count', '+', 1) }))
    .where('id', '=', shareId)
    .execute();
}

/** Deletes the links expired before `cutoff` with their openings; answers how many links went (the purge). */
export async function deleteExpiredShares(db: Db, cutoff: string): Promise<number> {
  const oldShares = db.selectFrom('result_shares').select('id').where('expires_at', '<', cutoff);
  await db.deleteFrom('result_share_openings').where('share_id', 'in', oldShares).execute();
  const shares = await db.deleteFrom('result_shares').where('expires_at', '<', cutoff).executeTakeFirst();
  return Number(shares.numDeletedRows);
}

/** Revokes the user's links still live (an erased account). */
export async function revokeUserShares(db: Db, userId: number, at: string): Promise<void> {
  await db.updateTable('result_shares').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
