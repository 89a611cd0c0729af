import type { Insertable } from 'kysely';
import type { Db } from '@/server/db/createDb';
import type { VisitCheckInTable } from '@/server/db/schema/checkIn';

/** The morning check-in's queries. */

export async function findOrderVisit(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('nurse_slots', 'nurse_slots.id', 'orders.slot_id')
    .innerJoin('laboratories', 'laboratories.id', 'orders.laboratory_id')
    .select(['orders.id', 'orders.user_id', 'orders.number', 'orders.status', 'nurse_slots.start_at', 'nurse_slots.end_at', 'laboratories.country'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

/** The timing columns of each analysis of the order, with the patient's sex as ordered. */
export async function listOrderTiming(db: Db, orderId: number) {
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('analyses', 'analyses.id', 'order_lines.analysis_id')
    .leftJoin('order_patients', (j) => j.onRef('order_patients.order_id', '=', 'order_lines.order_id').onRef('order_patients.patient_id', '=', 'order_lines.patient_id'))
    .leftJoin('patients', 'patients.id', 'order_lines.patient_id')
    .select(['analyses.timing_fasting_min', 'analyses.timing_fasting_max', 'analyses.timing_latest_local_time', 'analyses.timing_cycle_from', 'analyses.timing_cycle_to', 'order_patients.gender as ordered_gender', 'patients.gender as record_gender'])
    .where('order_lines.order_id', '=', orderId)
    .execute();
  // The sex as ordered (the frozen identity), else the record's.
  return rows.map((r) => ({ ...r, gender: r.ordered_gender ?? r.record_gender }));
}

export async function findCheckIn(db: Db, orderId: number) {
  return db.selectFrom('visit_check_ins').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** One check-in per order: a later answer replaces the earlier. */
export async function saveCheckIn(db: Db, row: Insertable<VisitCheckInTable>): Promise<void> {
  await db
    .insertInto('visit_check_ins')
    .values(row)
    .onConflict((oc) => oc.column('order_id').doUpdateSet({ last_meal_at: row.last_meal_at, cycle_start: row.cycle_start, fasting_hours: row.fasting_hours, rules_met: row.rules_met, answered_at: row.answered_at }))
    .execute();
}
