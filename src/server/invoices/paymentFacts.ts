import type { Db } from '@/server/db/createDb';
import type { OrderStatus } from '../db/schema';
import { getOrder } from '@/server/orders/repositories/orders';
import { listRefunds } from '@/server/payments/repositories/payments';
import { firstStatusAt } from '@/server/invoices/repositories/invoices';

/**
 * The one question the invoices and receipts ask about money: was the order paid, how, when, and
 * what was refunded since (docs/invoices.md, docs/payments.md).
 * - Paid online: when the operator's verified notification recorded it (`orders.paid_at`); a refund
 *   afterwards does not undo that it was paid (it makes a correcting invoice).
 * - Paid on the visit: the nurse takes the payment when collecting the samples, so the order counts
 *   as paid from its `sample_collected` step on (the statuses after it included), at that step's time.
 *   A cancelled order that never reached it was never paid.
 * Refunds: those the operator settled.
 */
export interface OrderPaymentFacts {
  paid: boolean;
  method: 'online' | 'on_visit';
  paidAt: string | null;
  refunds: { amountMinor: number; at: string }[];
}

const COLLECTED: OrderStatus[] = ['sample_collected', 'in_lab', 'partial_results', 'completed'];

export async function orderPaymentFacts(db: Db, orderId: number): Promise<OrderPaymentFacts> {
  const order = await getOrder(db, orderId);
  if (!order) return { paid: false, method: 'on_visit', paidAt: null, refunds: [] };
  const refunds = (await listRefunds(db, orderId)).filter((r) => r.status === 'done').map((r) => ({ amountMinor: r.amount_minor, at: r.settled_at ?? r.updated_at }));
  if (order.payment_method === 'online') return { paid: !!order.paid_at, method: 'online', paidAt: order.paid_at, refunds };
  const collectedAt = COLLECTED.includes(order.status) ? await firstStatusAt(db, orderId, COLLECTED) : null;
  return { paid: !!collectedAt, method: 'on_visit', paidAt: collectedAt, refunds };
}
