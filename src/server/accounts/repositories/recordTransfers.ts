import type { Db } from '@/server/db/createDb';

/** Record transfer at 18: the moves of records between accounts, and the orders they open to the new account. */

export async function hasOwnRecord(db: Db, userId: number): Promise<boolean> {
  return (await db.selectFrom('patients').select('id').where('user_id', '=', userId).where('is_user', '=', 1).executeTakeFirst()) !== undefined;
}

/**
 * Moves the record to `toUserId` as their own record, and records the move; the holder's cart lines
 * for it go, and a consent given to the holder ends (the record is no longer theirs to read).
 */
export async function moveRecord(db: Db, patientId: number, fromUserId: number, toUserId: number, at: string): Promise<void> {
  await db.updateTable('patients').set({ user_id: toUserId, is_user: 1 }).where('id', '=', patientId).where('user_id', '=', fromUserId).execute();
  await db.deleteFrom('cart_lines').where('user_id', '=', fromUserId).where('patient_id', '=', patientId).execute();
  await db.updateTable('record_access').set({ state: 'withdrawn', ended_at: at }).where('patient_id', '=', patientId).where('state', '=', 'consented').execute();
  await db.updateTable('patient_invites').set({ used_at: at }).where('patient_id', '=', patientId).where('used_at', 'is', null).execute();
  await db.insertInto('record_transfers').values({ patient_id: patientId, from_user_id: fromUserId, to_user_id: toUserId, transferred_at: at }).execute();
}

/** The order `orderId` when it has a line of a record transferred to `userId`. */
export async function findTransferredOrder(db: Db, userId: number, orderId: number) {
  return db
    .selectFrom('orders')
    .selectAll('orders')
    .where('orders.id', '=', orderId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_lines')
          .innerJoin('record_transfers', 'record_transfers.patient_id', 'order_lines.patient_id')
          .select('order_lines.id')
          .whereRef('order_lines.order_id', '=', 'orders.id')
          .where('record_transfers.to_user_id', '=', userId),
      ),
    )
    .executeTakeFirst();
}

/** The orders with results of the records transferred to `userId`. */
export async function transferredOrderIdsWithResults(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('analysis_results')
    .innerJoin('record_transfers', 'record_transfers.patient_id', 'analysis_results.patient_id')
    .select('analysis_results.order_id')
    .distinct()
    .where('record_transfers.to_user_id', '=', userId)
    .execute();
  return rows.map((r) => r.order_id);
}
