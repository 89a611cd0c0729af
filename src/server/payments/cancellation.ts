import type { Db } from '@/server/db/createDb';
import { cancelJobs } from '../jobs/queue';
import { JOB } from '../jobs/specs';
import * as repo from '@/server/payments/repositories/payments';
import * as ordersRepo from '@/server/orders/repositories/orders';
import { requestRefund } from './refunds';

/**
 * Inside the transaction that cancels an order: a paid order gets the refund of the rule; an order
 * still awaiting its payment stops waiting (its attempts close, the hold's job is dropped, and a
 * payment that arrives anyway is refunded at once).
 */
export async function settlePaymentOnCancel(trx: Db, orderId: number, by: 'patient_cancel' | 'lab_cancel', actorUserId: number | null, now: Date): Promise<void> {
  const order = await ordersRepo.getOrder(trx, orderId);
  if (!order || order.payment_method !== 'online') return;
  const at = now.toISOString();
  if (order.payment_status === 'awaiting' || order.payment_status === 'failed') {
    await repo.closeOpenAttempts(trx, orderId, 'expired', at);
    await repo.setOrderPayment(trx, orderId, { payment_status: 'expired', cancel_reason: by }, at);
    await cancelJobs(trx, JOB.paymentExpire, `order:${orderId}:`);
    return;
  }
  // The patient may cancel only while the visit can change (checked by the caller), so the rule's 24 h holds.
  await requestRefund(trx, orderId, { kind: by }, actorUserId, now);
}
