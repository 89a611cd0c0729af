import { sql } from 'kysely';
import type { Db } from '@/server/db/createDb';

/**
 * The rows of `order_live_events` (migration 0012_3): one per change of an order, written by a trigger
 * on `orders`; kept out of the typed schema, as only these reads touch it.
 */

/** The ids of an order's events after `after`, oldest first. */
export async function eventIdsAfter(db: Db, orderId: number, after: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`select id from order_live_events where order_id = ${orderId} and id > ${after} order by id`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

/** The latest event id of an order (0: it never changed since the events began). */
export async function latestEventId(db: Db, orderId: number): Promise<number> {
  const row = await sql<{ id: number | null }>`select max(id) as id from order_live_events where order_id = ${orderId}`.execute(db);
  return Number(row.rows[0]?.id ?? 0);
}

/** The latest event id of each of the orders that have one. */
export async function latestEventIds(db: Db, orderIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < orderIds.length; i += 500) {
    const chunk = orderIds.slice(i, i + 500);
    const rows = await sql<{ order_id: number; id: number }>`select order_id, max(id) as id from order_live_events where order_id in (${sql.join(chunk)}) group by order_id`.execute(db);
    for (const r of rows.rows) out.set(Number(r.order_id), Number(r.id));
  }
  return out;
}

/**
 * Deletes the events written before `cutoff` (ISO time), except each order's latest: the latest event
 * id of an order stays what it was. Returns the number of rows deleted.
 */
export async function deleteLiveEventsBefore(db: Db, cutoff: string): Promise<number> {
  const res = await sql`delete from order_live_events where created_at < ${cutoff} and exists (select 1 from order_live_events later where later.order_id = order_live_events.order_id and later.id > order_live_events.id)`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}
