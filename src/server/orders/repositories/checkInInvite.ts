import type { Db } from '@/server/db/createDb';

/** The morning check-in invitation's queries. */

/** Orders still awaiting their nurse whose visit starts in [from, to), with the laboratory's country. */
export async function listVisitsStartingBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom('orders')
    .innerJoin('nurse_slots', 'nurse_slots.id', 'orders.slot_id')
    .innerJoin('laboratories', 'laboratories.id', 'orders.laboratory_id')
    .select(['orders.id', 'orders.laboratory_id', 'nurse_slots.start_at', 'laboratories.country'])
    .where('orders.status', 'in', ['placed', 'visit_confirmed'])
    .where('nurse_slots.start_at', '>=', from)
    .where('nurse_slots.start_at', '<', to)
    .orderBy('orders.id')
    .execute();
}
