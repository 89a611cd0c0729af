import type { Db } from '@/server/db/createDb';
import type { OrderRow } from '@/server/orders/repositories/orders';

/** Reads and writes of the home visits: nurses of a laboratory, assignments, the day's visits and their materials. */
type Q = Db;

export interface StaffMemberRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string | null;
  staff_role: 'staff' | 'nurse' | null;
  staff_laboratory_id: string | null;
  role: 'patient' | 'staff';
}

export async function getStaffMembers(db: Q, ids: number[]): Promise<Map<number, StaffMemberRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'display_name', 'staff_role', 'staff_laboratory_id', 'role'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The nurses of a laboratory, by name. */
export async function listNurses(db: Q, laboratoryId: string): Promise<StaffMemberRow[]> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'display_name', 'staff_role', 'staff_laboratory_id', 'role'])
    .where('role', '=', 'staff')
    .where('staff_role', '=', 'nurse')
    .where('staff_laboratory_id', '=', laboratoryId)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
}

/**
 * Orders of a laboratory whose visit starts in [from, to) (UTC instants), cancelled ones left out,
 * in time order; only those assigned to `nurseUserId` when given.
 */
export async function listVisitOrders(db: Q, laboratoryId: string, from: string, to: string, nurseUserId: number | null): Promise<OrderRow[]> {
  let q = db
    .selectFrom('orders')
    .innerJoin('nurse_slots', 'nurse_slots.id', 'orders.slot_id')
    .selectAll('orders')
    .where('orders.laboratory_id', '=', laboratoryId)
    .where('nurse_slots.start_at', '>=', from)
    .where('nurse_slots.start_at', '<', to)
    .where('orders.status', '!=', 'cancelled');
  if (nurseUserId !== null) q = q.where('orders.nurse_user_id', '=', nurseUserId);
  return q.orderBy('nurse_slots.start_at').orderBy('orders.id').execute();
}

/** The sample materials each patient of the orders needs, from the catalogue (one row per order, patient and material). */
export async function listVisitMaterials(db: Q, orderIds: number[]): Promise<{ order_id: number; patient_id: number; material_id: number; name: string }[]> {
  if (!orderIds.length) return [];
  return db
    .selectFrom('order_lines')
    .innerJoin('analysis_materials', 'analysis_materials.analysis_id', 'order_lines.analysis_id')
    .innerJoin('materials', 'materials.id', 'analysis_materials.material_id')
    .select(['order_lines.order_id', 'order_lines.patient_id', 'materials.id as material_id', 'materials.name'])
    .distinct()
    .where('order_lines.order_id', 'in', orderIds)
    .orderBy('order_lines.order_id')
    .orderBy('order_lines.patient_id')
    .orderBy('materials.id')
    .execute();
}

export async function setNurse(db: Q, orderId: number, nurseUserId: number | null, at: string): Promise<void> {
  await db.updateTable('orders').set({ nurse_user_id: nurseUserId, updated_at: at }).where('id', '=', orderId).execute();
}

/**
 * Records "not at home" with its note. True when this is the order's first mark: the conditional
 * update succeeds for one caller only, so of two marks at the same time exactly one is the first.
 * A later mark keeps the first time and takes the new note.
 */
export async function setNotAtHome(db: Q, orderId: number, note: string, at: string): Promise<boolean> {
  const first = await db
    .updateTable('orders')
    .set({ not_at_home_at: at, not_at_home_note: note, updated_at: at })
    .where('id', '=', orderId)
    .where('not_at_home_at', 'is', null)
    .executeTakeFirst();
  if (Number(first.numUpdatedRows) > 0) return true;
  await db.updateTable('orders').set({ not_at_home_note: note, updated_at: at }).where('id', '=', orderId).execute();
  return false;
}
