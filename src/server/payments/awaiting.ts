import type { Db } from '@/server/db/createDb';
import { defineJob } from '../jobs/defineJob';
import { number, object } from 'yup';
import { enqueue } from '../jobs/queue';
import { JOB } from '../jobs/specs';
import { getConfig } from '../config';
import * as ordersRepo from '@/server/orders/repositories/orders';
import { queuePaymentMail } from './mails';
import { isPayable } from './payBy';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * An order awaiting its online payment (docs/payments.md, "Paying later"): the mail "your order awaits payment" a while after the order was
 * placed, when it is still unpaid (the payer left the operator's page or closed the tab).
 */

/** Minutes after the order's placing at which an unpaid order is reminded (before the hold ends). */
export function awaitingMailMinutes(holdMinutes = getConfig().payments.holdMinutes): number {
  return Math.max(1, Math.min(10, Math.floor(holdMinutes / 2)));
}

/** Inside the order's transaction: the job that mails an order still unpaid a while later. */
export async function scheduleAwaitingMail(trx: Db, order: Pick<ordersRepo.OrderRow, 'id' | 'laboratory_id'>, now: Date): Promise<void> {
  const runAt = new Date(now.getTime() + awaitingMailMinutes() * 60_000);
  await enqueue(trx, paymentAwaitingJob, { orderId: order.id }, { key: `order:${order.id}:awaiting`, runAt, laboratoryId: order.laboratory_id });
}

/** Mails "your order awaits payment" once (the Message-ID names the order) if the order is still unpaid. */
export async function mailIfAwaiting(db: Db, orderId: number): Promise<boolean> {
  return inWriteTransaction(db, async (trx) => {
    const order = await ordersRepo.lockOrder(trx, orderId);
    if (!order || !isPayable(order)) return false;
    await queuePaymentMail(trx, order.id, 'awaiting', order.total_minor, `order-${order.id}-awaiting`);
    return true;
  });
}

export const paymentAwaitingJob = defineJob({
  name: JOB.paymentAwaiting,
  payload: object({ orderId: number().integer().required() }),
  async handler({ orderId }, { db }) {
    await mailIfAwaiting(db, orderId);
  },
});
