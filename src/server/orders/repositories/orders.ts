import type { Db } from '@/server/db/createDb';
import { type Insertable, type Selectable } from 'kysely';
import type { OrderStatus, OrderTable } from '@/server/db/schema';
import { isPostgres } from '@/server/db/kind';

/** Reads and writes of orders: the order rows, their lines, materials, status events and customers, and the write transaction that places one. */
type Q = Db;

export type OrderRow = Selectable<OrderTable>;

export interface OrderLineRow {
  patient_id: number;
  analysis_id: number;
  price_minor: number;
  code: string;
  name: string;
  result_unit: string | null;
  ref_low: number | null;
  ref_high: number | null;
  /** Turnaround of the analysis in working days. */
  exec_period: number;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  gender: 'male' | 'female';
}

export interface EventRow {
  order_id: number;
  status: OrderStatus;
  at: string;
  actor_user_id: number | null;
  note: string;
  actor_role: 'patient' | 'staff' | null;
}

export async function getOrder(db: Q, orderId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export async function getOrderByNumber(db: Q, number: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirst();
}

/** The user's orders, newest first. */
export async function listUserOrders(db: Q, userId: number): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Orders by id, newest first. */
export async function listOrdersByIds(db: Q, ids: number[]): Promise<OrderRow[]> {
  if (!ids.length) return [];
  return db.selectFrom('orders').selectAll().where('id', 'in', ids).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Orders of a laboratory whose visit falls on `date` (YYYY-MM-DD), by visit time. */
export async function listLabOrdersOnDate(db: Q, laboratoryId: string, date: string, nextDate: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .innerJoin('nurse_slots', 'nurse_slots.id', 'orders.slot_id')
    .selectAll('orders')
    .where('orders.laboratory_id', '=', laboratoryId)
    .where('orders.nurse_checkout_date', '>=', date)
    .where('orders.nurse_checkout_date', '<', nextDate)
    .orderBy('nurse_slots.start_at')
    .orderBy('orders.id')
    .execute();
}

/** Order lines with their analysis and patient, joined to the identity frozen when the order was placed. */
function orderLines(db: Q) {
  return db
    .selectFrom('order_lines')
    .innerJoin('analyses', 'analyses.id', 'order_lines.analysis_id')
    .innerJoin('patients', 'patients.id', 'order_lines.patient_id')
    // The identity frozen when the order was placed; the patient record only for orders that predate it.
    .leftJoin('order_patients', (j) => j.onRef('order_patients.order_id', '=', 'order_lines.order_id').onRef('order_patients.patient_id', '=', 'order_lines.patient_id'));
}

/** The lines of orders by order and patient; `id` is the line's, so `id` order is the order they were placed in. */
export async function listLines(db: Q, orderIds: number[]): Promise<(OrderLineRow & { order_id: number; id: number; fasting_hours: number; preparation: string })[]> {
  if (!orderIds.length) return [];
  return orderLines(db)
    .select((eb) => [
      'order_lines.id',
      'order_lines.order_id',
      'order_lines.patient_id',
      'order_lines.analysis_id',
      'order_lines.price_minor',
      'analyses.code',
      'analyses.name',
      'analyses.result_unit',
      'analyses.ref_low',
      'analyses.ref_high',
      'analyses.exec_period',
      'analyses.fasting_hours',
      'analyses.preparation',
      eb.fn.coalesce('order_patients.first_name', 'patients.first_name').as('first_name'),
      eb.fn.coalesce('order_patients.last_name', 'patients.last_name').as('last_name'),
      eb.fn.coalesce('order_patients.date_of_birth', 'patients.date_of_birth').as('date_of_birth'),
      eb.fn.coalesce('order_patients.gender', 'patients.gender').as('gender'),
    ])
    .where('order_lines.order_id', 'in', orderIds)
    .orderBy('order_lines.order_id')
    .orderBy('order_lines.patient_id')
    .orderBy('order_lines.id')
    .execute();
}

/** When the nurse recorded the samples collected, per order (the first such event). */
export async function findCollectedAt(db: Q, orderIds: number[]): Promise<Map<number, string>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .selectFrom('order_status_events')
    .select(['order_id', 'at'])
    .where('order_id', 'in', orderIds)
    .where('status', '=', 'sample_collected')
    .orderBy('at')
    .execute();
  const out = new Map<number, string>();
  for (const r of rows) if (!out.has(r.order_id)) out.set(r.order_id, r.at);
  return out;
}

export async function listEvents(db: Q, orderId: number): Promise<EventRow[]> {
  return db
    .selectFrom('order_status_events')
    .leftJoin('users', 'users.id', 'order_status_events.actor_user_id')
    .select([
      'order_status_events.order_id',
      'order_status_events.status',
      'order_status_events.at',
      'order_status_events.actor_user_id',
      'order_status_events.note',
      'users.role as actor_role',
    ])
    .where('order_status_events.order_id', '=', orderId)
    .orderBy('order_status_events.at')
    .orderBy('order_status_events.id')
    .execute();
}

export async function getUser(db: Q, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'phone', 'locale', 'role', 'staff_laboratory_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Sets the status and records the event; call inside a transaction. Only moves from `from`. */
export async function setStatus(
  db: Q,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  actorUserId: number | null,
  at: string,
  note = '',
): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({ status: to, updated_at: at })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await db.insertInto('order_status_events').values({ order_id: orderId, status: to, at, actor_user_id: actorUserId, note }).execute();
  return true;
}

export async function insertEvent(db: Q, orderId: number, status: OrderStatus, actorUserId: number | null, at: string, note: string): Promise<void> {
  await db.insertInto('order_status_events').values({ order_id: orderId, status, at, actor_user_id: actorUserId, note }).execute();
}

/**
 * The order, its row locked until the transaction ends on PostgreSQL (`for update`), so a
 * concurrent move, cancellation or status change of the same order waits and then sees this one's
 * outcome. SQLite needs no lock: its writers run one at a time.
 */
export async function lockOrder(db: Q, orderId: number): Promise<OrderRow | undefined> {
  const query = db.selectFrom('orders').selectAll().where('id', '=', orderId);
  return isPostgres(db) ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

/** Moves the order from slot `fromSlotId` to `slotId` only if it is still there in status `status`; false otherwise. */
export async function moveOrderSlot(db: Q, orderId: number, fromSlotId: number, status: OrderStatus, slotId: number, nurseCheckoutDate: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({ slot_id: slotId, nurse_checkout_date: nurseCheckoutDate, updated_at: at })
    .where('id', '=', orderId)
    .where('slot_id', '=', fromSlotId)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Raises the SEQUENCE of the order's calendar event (a move or a cancellation supersedes it). */
export async function bumpCalendarSequence(trx: Q, orderId: number): Promise<void> {
  await trx
    .updateTable('orders')
    .set((eb) => ({ calendar_sequence: eb('calendar_sequence', '+', 1) }))
    .where('id', '=', orderId)
    .execute();
}

/** Serialises order creation of one user on PostgreSQL (SQLite's write transaction already does). */
export async function lockUser(trx: Q, userId: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** A unique-constraint violation on either database. */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export async function findOrderIdByIdempotencyKey(db: Q, userId: number, key: string): Promise<number | null> {
  const row = await db.selectFrom('orders').select('id').where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
  return row?.id ?? null;
}

export async function findUserForOrder(db: Q, userId: number) {
  return db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'email_confirmed', 'locale']).where('id', '=', userId).executeTakeFirst();
}

/** The user's orders that still wait for their home visit (placed or confirmed, visit time ahead). */
export async function countOpenUpcomingVisits(db: Q, userId: number, nowIso: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['placed', 'visit_confirmed'])
    .where('nurse_checkout_date', '>', nowIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function formatOrderNumber(id: number): string {
  return `LS-${String(id).padStart(6, '0')}`;
}

/** Inserts the order and gives it its human number (`LS-000123`) from its id. */
export async function insertOrder(trx: Q, values: Omit<Insertable<OrderTable>, 'number'>): Promise<{ id: number; number: string }> {
  const pending = `pending-${values.user_id}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const row = await trx
    .insertInto('orders')
    .values({ ...values, number: pending })
    .returning('id')
    .executeTakeFirstOrThrow();
  const number = formatOrderNumber(row.id);
  await trx.updateTable('orders').set({ number }).where('id', '=', row.id).execute();
  return { id: row.id, number };
}

export async function insertOrderLines(
  trx: Q,
  orderId: number,
  lines: { patientId: number; analysisId: number; profileId: number | null; priceMinor: number }[],
): Promise<void> {
  if (!lines.length) return;
  await trx
    .insertInto('order_lines')
    .values(lines.map((l) => ({ order_id: orderId, patient_id: l.patientId, analysis_id: l.analysisId, profile_id: l.profileId, price_minor: l.priceMinor })))
    .execute();
}

/**
 * Freezes the identity (name, sex, date of birth) of every patient of the order as it is now, so
 * results and their documents keep showing who was tested even when the patient is renamed later.
 */
export async function freezeOrderPatients(trx: Q, orderId: number): Promise<void> {
  await trx
    .insertInto('order_patients')
    .columns(['order_id', 'patient_id', 'first_name', 'last_name', 'gender', 'date_of_birth'])
    .expression((eb) =>
      eb
        .selectFrom('patients')
        .select([eb.val(orderId).as('order_id'), 'patients.id', 'patients.first_name', 'patients.last_name', 'patients.gender', 'patients.date_of_birth'])
        .where('patients.id', 'in', eb.selectFrom('order_lines').select('order_lines.patient_id').where('order_lines.order_id', '=', orderId)),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function insertOrderMaterials(
  trx: Q,
  orderId: number,
  materials: { patientId: number; materialId: number; bought: boolean; priceMinor: number }[],
): Promise<void> {
  if (!materials.length) return;
  await trx
    .insertInto('order_materials')
    .values(
      materials.map((m) => ({ order_id: orderId, patient_id: m.patientId, material_id: m.materialId, bought: m.bought ? 1 : 0, price_minor: m.priceMinor })),
    )
    .execute();
}

/** The order when it belongs to `userId` (another user's order is absent). */
export async function findOwnOrder(db: Q, userId: number, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
}

export async function findOrderLines(db: Q, orderId: number) {
  return orderLines(db)
    .select((eb) => [
      'order_lines.patient_id',
      'order_lines.analysis_id',
      'order_lines.profile_id',
      'order_lines.price_minor',
      'analyses.code',
      'analyses.name',
      'analyses.fasting_hours',
      'analyses.preparation',
      eb.fn.coalesce('order_patients.first_name', 'patients.first_name').as('first_name'),
      eb.fn.coalesce('order_patients.last_name', 'patients.last_name').as('last_name'),
    ])
    .where('order_lines.order_id', '=', orderId)
    .orderBy('order_lines.id')
    .execute();
}

export async function findOrderMaterials(db: Q, orderId: number) {
  return db
    .selectFrom('order_materials')
    .innerJoin('materials', 'materials.id', 'order_materials.material_id')
    .select(['order_materials.patient_id', 'order_materials.material_id', 'order_materials.bought', 'order_materials.price_minor', 'materials.name'])
    .where('order_materials.order_id', '=', orderId)
    .orderBy('order_materials.id')
    .execute();
}
