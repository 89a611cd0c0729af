import type { Db } from '@/server/db/createDb';
import { defineJob } from '../jobs/defineJob';
import * as repo from '@/server/payments/repositories/payments';
import * as ordersRepo from '@/server/orders/repositories/orders';
import { expireUnpaid } from '@/server/orders/transitions';
import { queuePaymentMail } from './mails';
import { providerById } from './providers';
import { PAYMENT_EXPIRE, verifyAndRecord } from './payments';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * The hold (docs/payments.md): an order awaiting online payment keeps its slot for
 * PAYMENT_HOLD_MINUTES. Then this job marks the payment expired, cancels the order with that reason,
 * frees the slot and mails the patient. A payment notified later is refunded at once.
 *
 * Before that the operator is asked for each attempt it may hold a payment for (Przelewy24
 * `GET /api/v1/transaction/by/sessionId/{sessionId}`): a payment found there is verified and recorded
 * like a notified one, and the order does not expire. An operator that cannot answer makes the job
 * retry (with its backoff) rather than expire an order that may be paid.
 */

/** Asks the operator about the order's unpaid attempts; true when a payment was found (and recorded). */
export async function lookUpPayments(db: Db, orderId: number): Promise<boolean> {
  let found = false;
  for (const attempt of await repo.unpaidRegisteredAttempts(db, orderId)) {
    const provider = providerById(attempt.provider);
    if (!provider) continue;
    const notice = await provider.findPayment(attempt.session_id);
    if (!notice || notice.amountMinor !== attempt.amount_minor || notice.currency !== attempt.currency) continue;
    await verifyAndRecord(db, provider, notice, 'operator lookup');
    found = true;
  }
  return found;
}

export async function expireOrder(db: Db, orderId: number, now = new Date()): Promise<boolean> {
  const waiting = await ordersRepo.getOrder(db, orderId);
  if (!waiting || waiting.payment_method !== 'online' || !['awaiting', 'failed'].includes(waiting.payment_status)) return false;
  if (await lookUpPayments(db, orderId)) return false;
  return inWriteTransaction(db, async (trx) => {
    const order = await ordersRepo.lockOrder(trx, orderId);
    if (!order || order.payment_method !== 'online' || !['awaiting', 'failed'].includes(order.payment_status)) return false;
    // A paid attempt whose order row is not yet updated cannot exist: both are written in one transaction.
    const at = now.toISOString();
    await repo.closeOpenAttempts(trx, order.id, 'expired', at);
    await repo.setOrderPayment(trx, order.id, { payment_status: 'expired', cancel_reason: 'payment_expired' }, at);
    // The order's own move (orders/transitions.ts): cancelled, its slot freed, its reminder dropped.
    if (!(await expireUnpaid(trx, order, at))) return false;
    await queuePaymentMail(trx, order.id, 'expired', order.total_minor, `order-${order.id}-expired`);
    return true;
  });
}

export const paymentExpireJob = defineJob({
  ...PAYMENT_EXPIRE,
  async handler({ orderId }, { db, now }) {
    await expireOrder(db, orderId, now);
  },
});
