import type { Db } from '@/server/db/createDb';
import type { Selectable } from 'kysely';
import type { AttemptStatus, PaymentAttemptTable, PaymentRefundTable, PaymentStatus, RefundKind, RefundStatus } from '@/server/db/schema';
import { isPostgres } from '@/server/db/kind';

/** Payment attempts and refunds (docs/payments.md). */
type Q = Db;
export type AttemptRow = Selectable<PaymentAttemptTable>;
export type RefundRow = Selectable<PaymentRefundTable>;

export async function insertAttempt(db: Q, a: { orderId: number; provider: string; sessionId: string; amountMinor: number; currency: string }, at: string): Promise<AttemptRow> {
  return db
    .insertInto('payment_attempts')
    .values({ order_id: a.orderId, provider: a.provider, session_id: a.sessionId, amount_minor: a.amountMinor, currency: a.currency, provider_token: null, provider_order_id: null, paid_at: null, created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findAttempt(db: Q, id: number): Promise<AttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findAttemptBySession(db: Q, sessionId: string, lock = false): Promise<AttemptRow | undefined> {
  const q = db.selectFrom('payment_attempts').selectAll().where('session_id', '=', sessionId);
  return lock && isPostgres(db) ? q.forUpdate().executeTakeFirst() : q.executeTakeFirst();
}

/** The order's newest attempt. */
export async function latestAttempt(db: Q, orderId: number): Promise<AttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').executeTakeFirst();
}

/** Every attempt of the order, oldest first. */
export async function listAttempts(db: Q, orderId: number): Promise<AttemptRow[]> {
  return db.selectFrom('payment_attempts').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** Attempts of an order that the operator may still take a payment for (registered there, not paid). */
export async function unpaidRegisteredAttempts(db: Q, orderId: number): Promise<AttemptRow[]> {
  return db.selectFrom('payment_attempts').selectAll().where('order_id', '=', orderId).where('status', 'in', ['registered', 'failed', 'expired']).where('provider_token', 'is not', null).orderBy('id').execute();
}

export async function setAttempt(db: Q, id: number, set: { status?: AttemptStatus; provider_token?: string; provider_order_id?: string; paid_at?: string }, at: string, onlyFrom?: AttemptStatus[]): Promise<boolean> {
  let q = db.updateTable('payment_attempts').set({ ...set, updated_at: at }).where('id', '=', id);
  if (onlyFrom) q = q.where('status', 'in', onlyFrom);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Open attempts of an order are failed when a new one starts or the order expires. */
export async function closeOpenAttempts(db: Q, orderId: number, status: AttemptStatus, at: string): Promise<void> {
  await db.updateTable('payment_attempts').set({ status, updated_at: at }).where('order_id', '=', orderId).where('status', 'in', ['created', 'registered']).execute();
}

/** An order still awaiting its online payment is paid to the nurse instead. */
export async function switchToPayOnVisit(db: Q, orderId: number, at: string): Promise<void> {
  await db.updateTable('orders').set({ payment_method: 'on_visit', payment_status: 'on_visit', updated_at: at }).where('id', '=', orderId).where('payment_status', 'in', ['awaiting', 'failed']).execute();
}

export async function setOrderPayment(db: Q, orderId: number, set: { payment_status?: PaymentStatus; paid_minor?: number; paid_at?: string | null; refunded_minor?: number; cancel_reason?: string }, at: string): Promise<void> {
  await db.updateTable('orders').set({ ...set, updated_at: at }).where('id', '=', orderId).execute();
}

export async function insertRefund(db: Q, r: { orderId: number; attemptId: number; requestId: string; refundsUuid: string; amountMinor: number; currency: string; reason: string; actorUserId: number | null; kind: RefundKind }, at: string): Promise<RefundRow> {
  return db
    .insertInto('payment_refunds')
    .values({ order_id: r.orderId, attempt_id: r.attemptId, request_id: r.requestId, refunds_uuid: r.refundsUuid, amount_minor: r.amountMinor, currency: r.currency, reason: r.reason, actor_user_id: r.actorUserId, kind: r.kind, settled_at: null, created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findRefund(db: Q, id: number): Promise<RefundRow | undefined> {
  return db.selectFrom('payment_refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRefundByUuid(db: Q, refundsUuid: string): Promise<RefundRow | undefined> {
  return db.selectFrom('payment_refunds').selectAll().where('refunds_uuid', '=', refundsUuid).executeTakeFirst();
}

export async function listRefunds(db: Q, orderId: number): Promise<RefundRow[]> {
  return db.selectFrom('payment_refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export async function setRefundStatus(db: Q, id: number, status: RefundStatus, at: string, onlyFrom: RefundStatus[]): Promise<boolean> {
  const r = await db
    .updateTable('payment_refunds')
    .set({ status, updated_at: at, ...(status === 'done' ? { settled_at: at } : {}) })
    .where('id', '=', id)
    .where('status', 'in', onlyFrom)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
