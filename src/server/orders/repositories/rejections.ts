import type { Insertable, Selectable } from 'kysely';
import type { Db } from '@/server/db/createDb';
import type { SampleRejectionTable } from '@/server/db/schema';

/** Rejected samples (`sample_rejections`) and the redraw link of orders (`orders.redraw_of`). */
type Q = Db;

export type RejectionRow = Selectable<SampleRejectionTable>;

export async function listRejections(db: Q, orderIds: number[]): Promise<RejectionRow[]> {
  if (!orderIds.length) return [];
  return db.selectFrom('sample_rejections').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

export async function insertRejections(db: Q, rows: Omit<Insertable<SampleRejectionTable>, 'id'>[]): Promise<void> {
  if (!rows.length) return;
  await db.insertInto('sample_rejections').values(rows).execute();
}

/** The redraw order made for `orderId`, if any. */
export async function findRedrawOf(db: Q, orderId: number): Promise<{ id: number } | undefined> {
  return db.selectFrom('orders').select('id').where('redraw_of', '=', orderId).executeTakeFirst();
}

/** Rejections of a laboratory's orders since `since` (ISO), with the order number and the analysis name. */
export async function listLabRejections(db: Q, laboratoryId: string, since: string) {
  return db
    .selectFrom('sample_rejections')
    .innerJoin('orders', 'orders.id', 'sample_rejections.order_id')
    .innerJoin('analyses', 'analyses.id', 'sample_rejections.analysis_id')
    .select(['sample_rejections.id', 'sample_rejections.order_id', 'orders.number', 'analyses.name', 'sample_rejections.reason', 'sample_rejections.created_at', 'sample_rejections.staff_task', 'sample_rejections.task_closed_at'])
    .where('orders.laboratory_id', '=', laboratoryId)
    .where('sample_rejections.created_at', '>=', since)
    .orderBy('sample_rejections.created_at', 'desc')
    .execute();
}

/** Open follow-ups (second rejections) of a laboratory, whatever their age. */
export async function listOpenTasks(db: Q, laboratoryId: string) {
  return db
    .selectFrom('sample_rejections')
    .innerJoin('orders', 'orders.id', 'sample_rejections.order_id')
    .innerJoin('analyses', 'analyses.id', 'sample_rejections.analysis_id')
    .select(['sample_rejections.id', 'sample_rejections.order_id', 'orders.number', 'analyses.name', 'sample_rejections.reason', 'sample_rejections.created_at'])
    .where('orders.laboratory_id', '=', laboratoryId)
    .where('sample_rejections.staff_task', '=', 1)
    .where('sample_rejections.task_closed_at', 'is', null)
    .orderBy('sample_rejections.created_at')
    .execute();
}
