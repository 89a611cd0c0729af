import type { Db } from '@/server/db/createDb';
import { cancelJobs } from '../jobs/queue';
import { JOB } from '../jobs/specs';
import { recordAudit } from '@/server/audit/audit';
import * as repo from '@/server/payments/repositories/payments';
import * as ordersRepo from '@/server/orders/repositories/orders';
import { queuePaymentMail } from './mails';
import { OVERPAID_REASON, refundOverpayment } from './refunds';
import { loadMoneyFacts, nextPaymentStatus, paidMinor } from './invariant';

/**
 * Records a payment the operator verified (docs/payments.md, "One money invariant"), inside a write
 * transaction: the attempt is locked and checked again (a parallel request may have recorded it
 * meanwhile), marked paid, and the order's paid amount becomes the sum of its paid attempts. The
 * status only moves forwards; a payment that the order does not owe (a second paid attempt, a payment
 * after expiry, cancellation or a full refund) is refunded at once from that attempt.
 * False: the attempt was already paid (nothing written).
 */
export async function recordVerifiedPayment(trx: Db, sessionId: string, providerOrderId: string, ip: string, nowDate = new Date()): Promise<boolean> {
  const attempt = await repo.findAttemptBySession(trx, sessionId, true);
  if (!attempt || attempt.status === 'paid') return false;
  const now = nowDate.toISOString();
  const before = await ordersRepo.lockOrder(trx, attempt.order_id);
  if (!before) return false;
  if (!(await repo.setAttempt(trx, attempt.id, { status: 'paid', provider_order_id: providerOrderId, paid_at: now }, now, ['created', 'registered', 'failed', 'expired']))) return false;
  const facts = await loadMoneyFacts(trx, before);
  const waiting = before.status !== 'cancelled' && (before.payment_status === 'awaiting' || before.payment_status === 'failed');
  await repo.setOrderPayment(trx, before.id, { paid_minor: paidMinor(facts), payment_status: nextPaymentStatus(before.payment_status, facts), paid_at: before.paid_at ?? now }, now);
  await recordAudit(trx, { action: 'payment_paid', actorKind: 'anonymous', orderId: before.id, ip, detail: `${attempt.provider} ${attempt.amount_minor} ${attempt.currency}` });
  await queuePaymentMail(trx, before.id, 'paid', attempt.amount_minor, `attempt-${attempt.id}`);
  if (waiting) {
    // This payment counts: the other open attempts close and the hold stops.
    await repo.closeOpenAttempts(trx, before.id, 'failed', now);
    await cancelJobs(trx, JOB.paymentExpire, `order:${before.id}:`);
  }
  const order = (await ordersRepo.getOrder(trx, before.id))!;
  await refundOverpayment(trx, order, attempt.id, waiting || before.status !== 'cancelled' && before.payment_status !== 'expired' ? OVERPAID_REASON.twice : OVERPAID_REASON.afterEnd, nowDate);
  return true;
}
