import type { Db } from '@/server/db/createDb';
import type { Selectable } from 'kysely';
import type { OrderTable, VisitEventTable, VisitState } from '@/server/db/schema';

/** Reads and writes of the home visit's own states: the state on the order and its events. */
type Q = Db;

export type VisitEventRow = Selectable<VisitEventTable>;

export interface VisitMove {
  at: string;
  actorUserId: number | null;
  actorRole: VisitEventTable['actor_role'];
  reason: string;
  /** The arrival window announced with "on the way" (kept otherwise). */
  window?: { start: string; end: string } | null;
}

/**
 * Moves the visit from `from` to `to` and records the event. Conditional on the state read, so of
 * two moves at the same time one wins and the other sees undefined (and the caller answers 409).
 * Returns the order's row as the move wrote it.
 */
export async function moveVisitState(db: Q, orderId: number, from: VisitState, to: VisitState, move: VisitMove): Promise<Selectable<OrderTable> | undefined> {
  const window = move.window === undefined ? {} : { visit_arrival_start: move.window?.start ?? null, visit_arrival_end: move.window?.end ?? null };
  const moved = await db
    .updateTable('orders')
    .set((eb) => ({ visit_state: to, visit_version: eb('visit_version', '+', 1), updated_at: move.at, ...window }))
    .where('id', '=', orderId)
    .where('visit_state', '=', from)
    .returningAll()
    .executeTakeFirst();
  if (!moved) return undefined;
  await db
    .insertInto('visit_events')
    .values({ order_id: orderId, state: to, at: move.at, actor_user_id: move.actorUserId, actor_role: move.actorRole, reason: move.reason })
    .execute();
  return moved;
}

/** The visit's events in the order they happened. */
export async function listVisitEvents(db: Q, orderId: number): Promise<VisitEventRow[]> {
  return db.selectFrom('visit_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** A user's names (the nurse's first name is all a patient sees of them: src/server/visits/nurseNames.ts). */
export async function getNames(db: Q, userId: number): Promise<{ display_name: string | null; first_name: string; last_name: string } | undefined> {
  return db.selectFrom('users').select(['display_name', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
}

