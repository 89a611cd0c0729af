import type { Kysely } from 'kysely';
import type { Database, OrderStatus } from '../db/schema';

/**
 * The one question the invoices and receipts ask about money: was the order paid, how, when, and
 * what was refunded since.
 *
 * For now every order is paid on the visit (orders.payment_mode `pay_nurse`): the nurse takes the
 * payment when collecting the samples, so an order counts as paid from its `sample_collected` step
 * on (the statuses after it included; docs/spec-decisions.md §4), at the time of that step. A
 * cancelled order that never reached it was never paid. There are no refunds yet.
 *
 * MERGE: once online payment exists (the payments table and `order.payment`), answer from it:
 * `paid` = payment.status paid, `method` = payment.method, `paidAt` = payment.paidAt, `refunds`
 * from its refunds; keep the on-visit rule above for orders paid on the visit.
 */
export interface OrderPaymentFacts {
  paid: boolean;
  method: 'online' | 'on_visit';
  paidAt: string | null;
  refunds: { amountMinor: number; at: string }[];
}

const PAID_STATUSES: OrderStatus[] = ['sample_collected', 'in_lab', 'partial_results', 'completed'];

export async function orderPaymentFacts(db: Kysely<Database>, orderId: number): Promise<OrderPaymentFacts> {
  const event = await db
    .selectFrom('order_status_events')
    .select(['at'])
    .where('order_id', '=', orderId)
    .where('status', 'in', PAID_STATUSES)
    .orderBy('at')
    .orderBy('id')
    .executeTakeFirst();
  const order = await db.selectFrom('orders').select(['status']).where('id', '=', orderId).executeTakeFirst();
  const paid = !!event && !!order && PAID_STATUSES.includes(order.status);
  return { paid, method: 'on_visit', paidAt: paid && event ? event.at : null, refunds: [] };
}
