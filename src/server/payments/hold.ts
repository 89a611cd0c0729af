import type { Db } from '@/server/db/createDb';
import { JOB } from '../jobs/specs';
import type { JobDefinition } from '../jobs/types';
import * as repo from '@/server/payments/repositories/payments';
import * as ordersRepo from '@/server/orders/repositories/orders';
import { releaseSlot } from '@/server/visits/repositories/slots';
import { cancelVisitReminder } from '@/server/orders/visitReminderSchedule';
import { queuePaymentMail } from './mails';

/**
 * The hold (docs/payments.md): an order awaiting online payment keeps its slot for
 * PAYMENT_HOLD_MINUTES. Then this job marks the payment expired, cancels the order with that reason,
 * frees the slot and mails the patient. A payment notified later is refunded at once.
 */
export const EXPIRED_NOTE = 'Cancelled: the payment did not arrive in time';

export async function expireOrder(db: Db, orderId: number, now = new Date()): Promise<boolean> {
  return ordersRepo.inWriteTransaction(db, async (trx) => {
    const order = await ordersRepo.lockOrder(trx, orderId);
    if (!order || order.payment_method !== 'online' || !['awaiting', 'failed'].includes(order.payment_status)) return false;
    // A paid attempt whose order row is not yet updated cannot exist: both are written in one transaction.
    const at = now.toISOString();
    await repo.closeOpenAttempts(trx, order.id, 'expired', at);
    await repo.setOrderPayment(trx, order.id, { payment_status: 'expired', cancel_reason: 'payment_expired' }, at);
    if (order.status !== 'cancelled') {
      if (!(await ordersRepo.setStatus(trx, order.id, order.status, 'cancelled', null, at, EXPIRED_NOTE))) return false;
      await releaseSlot(trx, order.slot_id);
      await ordersRepo.bumpCalendarSequence(trx, order.id);
      await cancelVisitReminder(trx, order.id);
    }
    await queuePaymentMail(trx, order.id, 'expired', order.total_minor, `order-${order.id}-expired`);
    return true;
  });
}

export const paymentExpireJob: JobDefinition<{ orderId: number }> = {
  name: JOB.paymentExpire,
  async handler({ orderId }, { db, now }) {
    await expireOrder(db, orderId, now);
  },
};
