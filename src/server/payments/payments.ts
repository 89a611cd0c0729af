import crypto from 'node:crypto';
import type { OrderTable, PaymentMethod } from '../db/schema';
import type { Db } from '../db/createDb';
import type { Selectable } from 'kysely';
import { ERROR_CODES } from '@/shared/errorCodes';
import { toMajor } from '@/shared/money';
import type { PaymentDto, PaymentRedirectDto } from '@/shared/types/payment';
import { getConfig } from '../config';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { log } from '../log';
import { enqueue } from '../jobs/queue';
import { JOB } from '../jobs/specs';
import { declareJob } from '../jobs/defineJob';
import { number, object } from 'yup';
import { recordAudit, recordRefusedNotification } from '@/server/audit/audit';
import * as repo from '@/server/payments/repositories/payments';
import * as ordersRepo from '@/server/orders/repositories/orders';
import { noticeUrl, providerById, providerForCurrency } from './providers';
import { ProviderUnavailable, type PaymentNotice, type PaymentProvider, type ProviderId, type ProviderNotification } from './provider';
import { queuePaymentMail } from './mails';
import { recordVerifiedPayment } from './recordPayment';
import { scheduleAwaitingMail } from './awaiting';
import { holdDeadline, payByOf } from './payBy';
import { refundIfCancelledNowMinor } from './cancelQuote';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * Online payment of an order (docs/payments.md): an attempt per try, registered with the provider;
 * the operator's notification decides (never the payer's return), verified once under a lock of the
 * attempt, so repeated or parallel notifications pay the order once and mail once.
 */
type OrderRow = Selectable<OrderTable>;

export const PAYMENT_UNAVAILABLE = 'The payment could not start; your order is kept, try again or choose to pay on visit';
export const PAYMENT_NOT_AWAITED = 'This order does not await an online payment';
export const ONLINE_UNAVAILABLE = 'Online payment is not available for this laboratory; choose "on_visit"';


export function orderSubmittedUrl(orderId: number): string {
  return `/order/order-submitted?orderId=${orderId}`;
}

/** The method an order gets: the request's, or online where the laboratory's currency has a provider. */
export function choosePaymentMethod(currency: string, requested: PaymentMethod | undefined): PaymentMethod {
  const online = providerForCurrency(currency) !== null;
  if (requested === 'online' && !online) throw badRequest(ONLINE_UNAVAILABLE, { paymentMethod: ONLINE_UNAVAILABLE }, ERROR_CODES.paymentMethodUnavailable);
  return requested ?? (online ? 'online' : 'on_visit');
}

/** One status for the overpayment's refunds: failed if the operator refused one, pending while one is under way, else done. */
function overpaidStatus(rows: repo.RefundRow[]): 'pending' | 'done' | 'failed' {
  if (rows.some((r) => r.status === 'failed')) return 'failed';
  return rows.some((r) => r.status === 'pending' || r.status === 'requested') ? 'pending' : 'done';
}

export async function paymentDto(db: Db, order: OrderRow): Promise<PaymentDto> {
  const online = order.payment_method === 'online';
  const [refunds, attempts] = online ? await Promise.all([repo.listRefunds(db, order.id), repo.listAttempts(db, order.id)]) : [[], []];
  const pending = refunds.filter((r) => r.status === 'pending' || r.status === 'requested').reduce((n, r) => n + r.amount_minor, 0);
  const overpaid = refunds.filter((r) => r.kind === 'overpaid');
  const extra = online
    ? {
        attempts: attempts.map((a) => ({ id: a.id, status: a.status, amount: toMajor(a.amount_minor), paidAt: a.paid_at })),
        ...(overpaid.length > 0 ? { overpaidRefund: { amount: toMajor(overpaid.reduce((n, r) => n + r.amount_minor, 0)), status: overpaidStatus(overpaid) } } : {}),
      }
    : {};
  return {
    ...extra,
    method: order.payment_method,
    status: order.payment_status,
    amount: toMajor(order.total_minor),
    currency: order.currency,
    refundedAmount: toMajor(order.refunded_minor),
    paidAt: order.paid_at,
    pendingRefundAmount: toMajor(pending),
    payBy: payByOf(order),
    refundIfCancelled: await refundIfCancelledNowMinor(db, order).then((m) => (m === null ? null : toMajor(m))),
  };
}

function newSessionId(orderId: number): string {
  return `o${orderId}-${crypto.randomBytes(12).toString('base64url')}`;
}

/** The hold's `payment-expire` job: name and payload (its handler: hold.ts `paymentExpireJob`, which imports this file). */
export const PAYMENT_EXPIRE = declareJob({ name: JOB.paymentExpire, payload: object({ orderId: number().integer().required() }) });

/**
 * Inside the order's transaction: the first attempt and the hold's expiry job (the order holds its
 * slot for PAYMENT_HOLD_MINUTES).
 */
export async function openFirstAttempt(trx: Db, order: OrderRow, now: Date): Promise<repo.AttemptRow> {
  const provider = providerForCurrency(order.currency);
  if (!provider) throw badRequest(ONLINE_UNAVAILABLE, { paymentMethod: ONLINE_UNAVAILABLE }, ERROR_CODES.paymentMethodUnavailable);
  const attempt = await repo.insertAttempt(trx, { orderId: order.id, provider: provider.id, sessionId: newSessionId(order.id), amountMinor: order.total_minor, currency: order.currency }, now.toISOString());
  const runAt = holdDeadline(now);
  await enqueue(trx, PAYMENT_EXPIRE, { orderId: order.id }, { key: `order:${order.id}:hold`, runAt, laboratoryId: order.laboratory_id });
  await scheduleAwaitingMail(trx, order, now);
  return attempt;
}

/** Registers the attempt with its provider; 503 `payment_unavailable` (with the kept order's id) when it cannot be reached. */
export async function registerAttempt(db: Db, attempt: repo.AttemptRow, order: OrderRow, email: string, language: string): Promise<PaymentRedirectDto> {
  const provider = providerById(attempt.provider);
  const unavailable = new HttpError(503, PAYMENT_UNAVAILABLE, { code: ERROR_CODES.paymentUnavailable, extra: { orderId: order.id, redirectUrl: orderSubmittedUrl(order.id) } });
  if (!provider) throw unavailable;
  const appUrl = getConfig().appUrl;
  try {
    const { token, redirectUrl } = await provider.register({
      sessionId: attempt.session_id,
      amountMinor: attempt.amount_minor,
      currency: attempt.currency,
      description: `Order ${order.number}`,
      email,
      country: order.address_country || 'PL',
      language: ['pl', 'en', 'ru'].includes(language) ? language : 'en',
      urlReturn: `${appUrl}${orderSubmittedUrl(order.id)}`,
      urlStatus: noticeUrl(provider.id, 'status'),
    });
    await repo.setAttempt(db, attempt.id, { status: 'registered', provider_token: token }, new Date().toISOString(), ['created']);
    return { orderId: order.id, redirectUrl };
  } catch (e) {
    if (!(e instanceof ProviderUnavailable)) throw e;
    log().warn({ orderId: order.id, provider: provider.id, reason: e.message }, 'payment register failed');
    await repo.setAttempt(db, attempt.id, { status: 'failed' }, new Date().toISOString(), ['created']);
    throw unavailable;
  }
}

/** `POST orders/{id}/pay`: a new attempt (new session) while the order awaits its online payment. */
export async function payOrder(db: Db, userId: number, orderId: number, language: string): Promise<PaymentRedirectDto> {
  const now = new Date();
  const { attempt, order } = await inWriteTransaction(db, async (trx) => {
    const order = await ordersRepo.lockOrder(trx, orderId);
    if (!order || order.user_id !== userId) throw notFound('Order not found');
    if (order.payment_method !== 'online' || order.status === 'cancelled' || !['awaiting', 'failed'].includes(order.payment_status)) {
      throw conflict(PAYMENT_NOT_AWAITED, undefined, ERROR_CODES.paymentNotAwaited);
    }
    const provider = providerForCurrency(order.currency);
    if (!provider) throw new HttpError(503, PAYMENT_UNAVAILABLE, { code: ERROR_CODES.paymentUnavailable, extra: { orderId, redirectUrl: orderSubmittedUrl(orderId) } });
    await repo.closeOpenAttempts(trx, order.id, 'failed', now.toISOString());
    await repo.setOrderPayment(trx, order.id, { payment_status: 'awaiting' }, now.toISOString());
    const attempt = await repo.insertAttempt(trx, { orderId: order.id, provider: provider.id, sessionId: newSessionId(order.id), amountMinor: order.total_minor, currency: order.currency }, now.toISOString());
    return { attempt, order };
  });
  const user = await ordersRepo.getUser(db, userId);
  return registerAttempt(db, attempt, order, user?.email ?? '', language);
}

/** Verifications under way in this process, by session: parallel notifications of one payment share one. */
const inFlight = new Map<string, Promise<void>>();

/**
 * Verifies a notified payment with the operator OUTSIDE any transaction (the call may take seconds;
 * nothing else waits for it), then records it in a short write transaction that locks the attempt
 * and checks its status again (recordPayment.ts). Parallel notifications of one session in this
 * process share one verification; a failed one answers 503 and changes nothing (the operator repeats).
 */
export function verifyAndRecord(db: Db, provider: PaymentProvider, notice: PaymentNotice, ip: string): Promise<void> {
  const key = `${provider.id}:${notice.sessionId}`;
  const running = inFlight.get(key);
  if (running) return running;
  const run = (async () => {
    try {
      await provider.verify(notice);
    } catch (e) {
      if (e instanceof ProviderUnavailable) throw new HttpError(503, 'The payment could not be verified yet', { code: ERROR_CODES.unavailable });
      throw e;
    }
    await inWriteTransaction(db, (trx) => recordVerifiedPayment(trx, notice.sessionId, notice.providerOrderId, ip));
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, run);
  return run;
}

/**
 * A refused notification: nothing changes; a log line (never the sign or a key) and a count in
 * security_events (per reason, address and window). Only a notification whose sign was right (a real
 * operator problem: an unknown session, another amount) also goes to the audit trail.
 */
async function refuse(db: Db, providerId: string, why: string, ip: string, orderId: number | null, signed = false): Promise<never> {
  log().warn({ provider: providerId, why, orderId }, 'payment notification refused');
  const laboratoryId = orderId === null ? null : ((await ordersRepo.getOrder(db, orderId))?.laboratory_id ?? null);
  await recordRefusedNotification(db, 'payment_notification_refused', `${providerId}: ${why}`, ip, laboratoryId);
  if (signed) await recordAudit(db, { action: 'payment_rejected', actorKind: 'anonymous', orderId, ip, detail: `${providerId}: ${why}` });
  throw badRequest(`Notification refused: ${why}`, undefined, ERROR_CODES.paymentNotificationRefused);
}

/**
 * The operator's notification (`POST /api/payments/{provider}/status`: body, raw bytes and headers).
 * Checked before anything is written; then verified with the operator outside any transaction and
 * recorded once under the attempt's lock (verifyAndRecord). A payment the order does not owe (a second
 * paid attempt, a payment after expiry, cancellation or a full refund) is refunded at once.
 */
export async function handlePaymentNotification(db: Db, providerId: ProviderId, received: ProviderNotification, ip: string): Promise<{ status: 'ok' }> {
  const provider: PaymentProvider | null = providerById(providerId);
  if (!provider) return refuse(db, providerId, 'provider not enabled', ip, null);
  const notice = provider.parseNotification(received);
  if (!notice) return refuse(db, providerId, 'wrong sign or malformed', ip, null);
  const known = await repo.findAttemptBySession(db, notice.sessionId);
  if (!known || known.provider !== providerId) return refuse(db, providerId, 'unknown session', ip, null, true);
  if (known.amount_minor !== notice.amountMinor || known.currency !== notice.currency) return refuse(db, providerId, 'other amount or currency than registered', ip, known.order_id, true);

  if (known.status === 'paid') return { status: 'ok' };
  if (!notice.paid) {
    await inWriteTransaction(db, async (trx) => {
      const attempt = await repo.findAttemptBySession(trx, notice.sessionId, true);
      if (!attempt || attempt.status === 'paid') return;
      const now = new Date().toISOString();
      if (await repo.setAttempt(trx, attempt.id, { status: 'failed' }, now, ['created', 'registered'])) {
        const order = await ordersRepo.lockOrder(trx, attempt.order_id);
        if (order && order.payment_status === 'awaiting') {
          await repo.setOrderPayment(trx, order.id, { payment_status: 'failed' }, now);
          if (order.status !== 'cancelled') await queuePaymentMail(trx, order.id, 'failed', attempt.amount_minor, `attempt-${attempt.id}`);
        }
      }
    });
    return { status: 'ok' };
  }
  await verifyAndRecord(db, provider, notice, ip);
  return { status: 'ok' };
}
