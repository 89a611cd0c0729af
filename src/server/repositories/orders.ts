import type { Db } from '../db/createDb';
import { sql, type Insertable } from 'kysely';
import type { OrderTable } from '../db/schema';
import { isPostgres } from '../db/kind';

/** Reads and writes of orders, their lines, materials and status events. */
type Q = Db;

/**
 * Runs `fn` in one write transaction. On SQLite it is `BEGIN IMMEDIATE` (the write lock is taken at
 * the start, so parallel writers queue on the busy timeout instead of failing on lock upgrade); on
 * PostgreSQL a regular transaction, with row locks taken by the caller.
 */
export async function inWriteTransaction<T>(db: Q, fn: (trx: Q) => Promise<T>): Promise<T> {
  if (isPostgres(db)) return db.transaction().execute(fn);
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(inTransaction(conn));
      await sql`commit`.execute(conn);
      return result;
    } catch (e) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw e;
    }
  });
}

/** The connection as what it is between `begin` and `commit`: `isTransaction` (callers such as queueMail then add to it instead of opening their own). */
function inTransaction(conn: Q): Q {
  return new Proxy(conn, {
    get(target, key) {
      if (key === 'isTransaction') return true;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
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

export async function insertStatusEvent(trx: Q, orderId: number, status: OrderTable['status'], actorUserId: number | null, note = ''): Promise<void> {
  await trx.insertInto('order_status_events').values({ order_id: orderId, status, at: new Date().toISOString(), actor_user_id: actorUserId, note }).execute();
}

/** The order when it belongs to `userId` (another user's order is absent). */
export async function findOwnOrder(db: Q, userId: number, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
}

export async function findOrderLines(db: Q, orderId: number) {
  return db
    .selectFrom('order_lines')
    .innerJoin('analyses', 'analyses.id', 'order_lines.analysis_id')
    .innerJoin('patients', 'patients.id', 'order_lines.patient_id')
    .leftJoin('order_patients', (j) => j.onRef('order_patients.order_id', '=', 'order_lines.order_id').onRef('order_patients.patient_id', '=', 'order_lines.patient_id'))
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
