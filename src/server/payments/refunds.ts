import crypto from 'node:crypto';
import type { Db } from '../db/createDb';
import { ERROR_CODES } from '@/shared/errorCodes';
import { badRequest, conflict, notFound } from '../http/errors';
import { log } from '../log';
import { enqueue } from '../jobs/queue';
import { JOB } from '../jobs/specs';
import { defineJob } from '../jobs/defineJob';
import { number, object } from 'yup';
import { recordAudit, recordRefusedNotification } from '@/server/audit/audit';
import * as repo from '@/server/payments/repositories/payments';
import * as ordersRepo from '@/server/orders/repositories/orders';
import { findSlotsByIds } from '@/server/visits/repositories/slots';
import { noticeUrl, providerById } from './providers';
import type { ProviderId, ProviderNotification } from './provider';
import { queuePaymentMail } from './mails';
import { checkCorrectionForRefund, issueCorrectionForRefund } from '../invoices/service';
import { refundFor, type RefundCause, type RefundDecision } from './refundRule';
import type { RefundKind } from '@/server/db/schema';
import { allocateRefund, keptAfterRefundsMinor, loadMoneyFacts, nextPaymentStatus, overpaidMinor, paidMinor, settledRefundMinor } from './invariant';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * Refunds (docs/payments.md): decided by the rule (refundRule.ts) in the transaction of the change
 * that owes them, audited and mailed there, performed by the `payment-refund` job (idempotency key
 * `refund:{id}`, retried until the operator takes it) and settled by the operator's refund notification.
 */

export const REFUND_REFUSALS: Record<Exclude<RefundDecision, { refund: true }>['why'], string> = {
  nothing_paid: 'Nothing was paid online for this order',
  nothing_left: 'Everything paid was already refunded',
  too_late: 'Refunds on cancellation end 24 hours before the visit',
  bad_amount: 'The amount must be more than 0 and not more than what is left to refund',
  reason_required: 'Give the reason of the refund',
};

const KIND_OF: Record<RefundCause['kind'], RefundKind> = { patient_cancel: 'cancel', lab_cancel: 'cancel', expired_payment: 'overpaid', staff_partial: 'staff' };

/** Writes the refund rows of `parts` (one per attempt it comes from) and their jobs; the first row's id names the mail. */
async function insertRefunds(trx: Db, order: ordersRepo.OrderRow, parts: { attemptId: number; amountMinor: number }[], kind: RefundKind, reason: string, actorUserId: number | null, at: string): Promise<repo.RefundRow[]> {
  const rows: repo.RefundRow[] = [];
  for (const part of parts) {
    const refund = await repo.insertRefund(
      trx,
      { orderId: order.id, attemptId: part.attemptId, requestId: crypto.randomUUID(), refundsUuid: crypto.randomUUID(), amountMinor: part.amountMinor, currency: order.currency, reason, actorUserId, kind },
      at,
    );
    // An overpayment is refunded once per attempt: the job's key names the attempt.
    await enqueue(trx, paymentRefundJob, { refundId: refund.id }, { key: kind === 'overpaid' ? `refund:attempt:${part.attemptId}` : `refund:${refund.id}`, laboratoryId: order.laboratory_id });
    rows.push(refund);
  }
  return rows;
}

/** Starts the refund the rule gives for `cause`; the decision is returned (no refund: nothing written). */
export async function requestRefund(trx: Db, orderId: number, cause: RefundCause, actorUserId: number | null, now = new Date()): Promise<RefundDecision> {
  const order = await ordersRepo.lockOrder(trx, orderId);
  if (!order) throw notFound('Order not found');
  if (order.payment_method !== 'online') return { refund: false, why: 'nothing_paid' };
  const facts = await loadMoneyFacts(trx, order);
  const paid = paidMinor(facts);
  if (paid <= 0) return { refund: false, why: 'nothing_paid' };
  const slot = (await findSlotsByIds(trx, [order.slot_id])).get(order.slot_id);
  const decision = refundFor(
    {
      totalMinor: order.total_minor,
      visitFeeMinor: order.delivery_price_minor,
      paidMinor: paid,
      refundedMinor: paid - keptAfterRefundsMinor(facts),
      notAtHome: !!order.not_at_home_at,
      visitStart: slot?.start_at ?? order.nurse_checkout_date,
    },
    cause,
    now,
  );
  if (!decision.refund) return decision;
  const rows = await insertRefunds(trx, order, allocateRefund(facts, decision.amountMinor), KIND_OF[cause.kind], decision.reason, actorUserId, now.toISOString());
  await recordAudit(trx, { action: 'refund_requested', actorKind: cause.kind === 'patient_cancel' ? 'patient' : actorUserId === null ? 'anonymous' : 'staff', actorUserId, orderId, detail: `${decision.amountMinor} ${order.currency}: ${decision.reason}` }, now);
  await queuePaymentMail(trx, orderId, 'refundStarted', decision.amountMinor, `refund-${rows[0]!.id}`, decision.reason);
  return decision;
}

export const OVERPAID_REASON = {
  twice: 'Paid twice: the second payment goes back',
  afterEnd: 'Paid after the order ended: the payment goes back',
} as const;

/**
 * Inside the transaction that recorded a payment or changed what the order owes (the order locked):
 * any money beyond what the order owes (invariant.ts) is refunded at once, from the attempt that
 * brought it first. Repeating it changes nothing: pending refunds count as gone. An attempt whose
 * overpayment refund the operator refused is left to staff (it is not asked again).
 */
export async function refundOverpayment(trx: Db, order: ordersRepo.OrderRow, attemptId: number | undefined, reason: string, now: Date): Promise<number> {
  const facts = await loadMoneyFacts(trx, order);
  const over = overpaidMinor(facts);
  if (over <= 0) return 0;
  const refused = new Set(facts.refunds.filter((r) => r.kind === 'overpaid').map((r) => r.attempt_id));
  const parts = allocateRefund({ ...facts, attempts: facts.attempts.filter((a) => !refused.has(a.id)) }, over, attemptId);
  if (parts.length === 0) return 0;
  const rows = await insertRefunds(trx, order, parts, 'overpaid', reason, null, now.toISOString());
  const amount = parts.reduce((n, p) => n + p.amountMinor, 0);
  await recordAudit(trx, { action: 'refund_requested', actorKind: 'anonymous', orderId: order.id, detail: `${amount} ${order.currency}: ${reason}` }, now);
  await queuePaymentMail(trx, order.id, 'refundStarted', amount, `refund-${rows[0]!.id}`, reason);
  return amount;
}

/** `POST staff/orders/{id}/refund`: part of a paid order, with a reason (never more than is left). */
export async function staffRefund(db: Db, staffUserId: number, orderId: number, amountMinor: number, reason: string): Promise<void> {
  const decision = await inWriteTransaction(db, (trx) => requestRefund(trx, orderId, { kind: 'staff_partial', amountMinor, reason }, staffUserId));
  if (!decision.refund) {
    const message = REFUND_REFUSALS[decision.why];
    if (decision.why === 'bad_amount') throw badRequest(message, { amount: message });
    if (decision.why === 'reason_required') throw badRequest(message, { reason: message });
    throw conflict(message);
  }
}

export const paymentRefundJob = defineJob({
  name: JOB.paymentRefund,
  payload: object({ refundId: number().integer().required() }),
  async handler({ refundId }, { db }) {
    const refund = await repo.findRefund(db, refundId);
    if (!refund || refund.status === 'done' || refund.status === 'failed') return;
    const attempt = (await repo.findAttempt(db, refund.attempt_id))!;
    const provider = providerById(attempt.provider);
    if (!provider) throw new Error(`Payment provider ${attempt.provider} is not enabled; the refund waits`);
    // The same requestId and refundsUuid on every try: the operator takes a repeated request once.
    const outcome = await provider.refund({
      requestId: refund.request_id,
      refundsUuid: refund.refunds_uuid,
      providerOrderId: attempt.provider_order_id ?? '',
      sessionId: attempt.session_id,
      amountMinor: refund.amount_minor,
      description: refund.reason,
      currency: refund.currency,
      urlStatus: noticeUrl(provider.id, 'refund-status'),
    });
    const at = new Date();
    if (await repo.setRefundStatus(db, refund.id, 'requested', at.toISOString(), ['pending'])) {
      // Should the operator's notification never come, the refund is looked up (paymentRefundCheckJob).
      await enqueue(db, paymentRefundCheckJob, { refundId: refund.id }, { key: `refund:${refund.id}:check`, runAt: new Date(at.getTime() + REFUND_CHECK_AFTER_MS), laboratoryId: (await ordersRepo.getOrder(db, refund.order_id))?.laboratory_id ?? null });
    }
    // A provider with no operator behind it settles at once, through the same notification handling.
    if (outcome?.settledAtOnce) await handleRefundNotification(db, provider.id, outcome.settledAtOnce, '127.0.0.1');
  },
});

/** How long after requesting a refund the operator is first asked about it, if it did not notify. */
export const REFUND_CHECK_AFTER_MS = 15 * 60 * 1000;

/**
 * A refund requested and never notified: the operator is asked how it stands (Przelewy24
 * `GET /api/v1/refund/by/orderId/{orderId}`). Completed: it settles like a notified one; rejected: it
 * is marked failed (staff follow up); still pending: the job fails and the queue asks again later,
 * doubling the delay (specs.ts). A refund settled meanwhile by its notification is left alone.
 */
export const paymentRefundCheckJob = defineJob({
  name: JOB.paymentRefundCheck,
  payload: object({ refundId: number().integer().required() }),
  async handler({ refundId }, { db }) {
    const refund = await repo.findRefund(db, refundId);
    if (!refund || refund.status !== 'requested') return;
    const attempt = (await repo.findAttempt(db, refund.attempt_id))!;
    const provider = providerById(attempt.provider);
    if (!provider) throw new Error(`Payment provider ${attempt.provider} is not enabled; the refund is looked up later`);
    const state = await provider.findRefund({ providerOrderId: attempt.provider_order_id ?? '', requestId: refund.request_id });
    if (state === 'pending') throw new Error(`Refund ${refund.id} is not settled by the operator yet`);
    const at = new Date().toISOString();
    if (state === 'done') await checkCorrectionBeforeSettling(db, refund, at);
    await inWriteTransaction(db, async (trx) => {
      const order = await ordersRepo.lockOrder(trx, refund.order_id);
      if (!order) return;
      if (state === 'done') {
        await settleRefund(trx, order, refund, '', at);
      } else if (await repo.setRefundStatus(trx, refund.id, 'failed', at, ['pending', 'requested'])) {
        await recordAudit(trx, { action: 'refund_settled', actorKind: 'anonymous', orderId: order.id, detail: `refund ${refund.id} refused by the operator (lookup)` });
      }
    });
  },
});

/** The operator's refund notification: checked like a payment notification; settles the refund once. */
export async function handleRefundNotification(db: Db, providerId: ProviderId, received: ProviderNotification, ip: string): Promise<{ status: 'ok' }> {
  // Counted in security_events; in the audit trail only when the sign was right (see payments.ts).
  const refuse = async (why: string, orderId: number | null, signed = false): Promise<never> => {
    log().warn({ provider: providerId, why, orderId }, 'refund notification refused');
    const laboratoryId = orderId === null ? null : ((await ordersRepo.getOrder(db, orderId))?.laboratory_id ?? null);
    await recordRefusedNotification(db, 'refund_notification_refused', `${providerId} refund: ${why}`, ip, laboratoryId);
    if (signed) await recordAudit(db, { action: 'payment_rejected', actorKind: 'anonymous', orderId, ip, detail: `${providerId} refund: ${why}` });
    throw badRequest(`Notification refused: ${why}`, undefined, ERROR_CODES.paymentNotificationRefused);
  };
  const provider = providerById(providerId);
  if (!provider) return refuse('provider not enabled', null);
  const notice = provider.parseRefundNotification(received);
  if (!notice) return refuse('wrong sign or malformed', null);
  const refund = await repo.findRefundByUuid(db, notice.refundsUuid);
  const attempt = refund ? await repo.findAttempt(db, refund.attempt_id) : undefined;
  if (!refund || !attempt || attempt.session_id !== notice.sessionId || attempt.provider !== providerId) return refuse('unknown refund', null, true);
  if (refund.amount_minor !== notice.amountMinor || refund.currency !== notice.currency) return refuse('other amount or currency than requested', refund.order_id, true);
  const at = new Date().toISOString();
  if (notice.done) await checkCorrectionBeforeSettling(db, refund, at);
  await inWriteTransaction(db, async (trx) => {
    const order = await ordersRepo.lockOrder(trx, refund.order_id);
    if (!order) return;
    if (!notice.done) {
      if (await repo.setRefundStatus(trx, refund.id, 'failed', at, ['pending', 'requested'])) {
        await recordAudit(trx, { action: 'refund_settled', actorKind: 'anonymous', orderId: order.id, ip, detail: `refund ${refund.id} refused by the operator` });
      }
      return;
    }
    await settleRefund(trx, order, refund, ip, at);
  });
  return { status: 'ok' };
}

/**
 * Settles a refund once (the order locked): refunded = the sum of settled refunds, the status moves
 * only forwards (invariant.ts), audited and mailed. An invoiced order gets its correcting invoice,
 * except for an overpayment going back, which was never part of the sale (docs/invoices.md).
 */
export async function settleRefund(trx: Db, order: ordersRepo.OrderRow, refund: repo.RefundRow, ip: string, at: string): Promise<boolean> {
  if (!(await repo.setRefundStatus(trx, refund.id, 'done', at, ['pending', 'requested']))) return false;
  const facts = await loadMoneyFacts(trx, order);
  await repo.setOrderPayment(trx, order.id, { refunded_minor: settledRefundMinor(facts), payment_status: nextPaymentStatus(order.payment_status, facts) }, at);
  await recordAudit(trx, { action: 'refund_settled', actorKind: 'anonymous', orderId: order.id, ip, detail: `refund ${refund.id}: ${refund.amount_minor} ${refund.currency}` });
  await queuePaymentMail(trx, order.id, 'refundDone', refund.amount_minor, `refund-${refund.id}-done`);
  if (refund.kind !== 'overpaid') await issueCorrectionForRefund(trx, order.id, correctionOf(refund), new Date(at));
  return true;
}

const correctionOf = (refund: repo.RefundRow) => ({ refundKey: `refund:${refund.id}`, amountMinor: refund.amount_minor });

/** The correction a settling refund will issue is checked against the FA(3) schema before the transaction (slow), so the one inside only looks it up. */
async function checkCorrectionBeforeSettling(db: Db, refund: repo.RefundRow, at: string): Promise<void> {
  if (refund.kind !== 'overpaid' && refund.status !== 'done') await checkCorrectionForRefund(db, refund.order_id, correctionOf(refund), new Date(at));
}
