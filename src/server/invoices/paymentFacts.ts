import type { Db } from '@/server/db/createDb';
import type { OrderStatus } from '../db/schema';
import { getOrder } from '@/server/orders/repositories/orders';
import { listRefunds } from '@/server/payments/repositories/payments';
import { firstStatusAt } from '@/server/invoices/repositories/invoices';
import { listVisitPayments, methodOfProvider } from '@/server/visits/repositories/visitPayments';
import type { PaidBy } from './fa3Xml';

/**
 * The one question the invoices and receipts ask about money: was the order paid, how, when, how
 * much, and what was refunded since (docs/invoices.md, docs/payments.md).
 * - Paid online: when the operator's verified notification recorded it (`orders.paid_at`), the amount
 *   `orders.paid_minor`; a refund afterwards does not undo that it was paid (it makes a correcting
 *   invoice).
 * - Paid on the visit: the nurse takes the payment when collecting the samples, so the order counts
 *   as paid (its total) from its `sample_collected` step on (the statuses after it included), at that
 *   step's time, or earlier when the nurse recorded the payment (`orders.paid_at`). A cancelled order
 *   that never reached either was never paid.
 * How (`paidBy`): online, or at the visit in cash or by card as the nurse recorded it (a visit payment
 * without the nurse's record was taken in cash).
 * Refunds: those the operator settled (`refunds`), and the sum of those still under way.
 * What is kept: paid − settled refunds.
 */
export interface OrderPaymentFacts {
  paid: boolean;
  method: 'online' | 'on_visit';
  paidBy: PaidBy;
  paidAt: string | null;
  /** What was paid, minor units (0 while unpaid). */
  paidMinor: number;
  refunds: { id: number; amountMinor: number; at: string }[];
  /** Refunds asked for and not yet settled (nor failed), minor units. */
  refundingMinor: number;
  /** paid − settled refunds. */
  keptMinor: number;
}

const COLLECTED: OrderStatus[] = ['sample_collected', 'in_lab', 'partial_results', 'completed'];

export async function orderPaymentFacts(db: Db, orderId: number): Promise<OrderPaymentFacts> {
  const order = await getOrder(db, orderId);
  if (!order) return { paid: false, method: 'on_visit', paidBy: 'cash', paidAt: null, paidMinor: 0, refunds: [], refundingMinor: 0, keptMinor: 0 };
  const all = await listRefunds(db, orderId);
  const refunds = all.filter((r) => r.status === 'done').map((r) => ({ id: r.id, amountMinor: r.amount_minor, at: r.settled_at ?? r.updated_at }));
  const refundingMinor = all.filter((r) => r.status === 'pending' || r.status === 'requested').reduce((n, r) => n + r.amount_minor, 0);
  const settled = refunds.reduce((n, r) => n + r.amountMinor, 0);
  const facts = (paid: boolean, method: 'online' | 'on_visit', paidAt: string | null, paidMinor: number, paidBy: PaidBy = method === 'online' ? 'online' : 'cash'): OrderPaymentFacts => ({
    paid,
    method,
    paidBy,
    paidAt,
    paidMinor: paid ? paidMinor : 0,
    refunds,
    refundingMinor,
    keptMinor: paid ? paidMinor - settled : 0,
  });
  if (order.payment_method === 'online') return facts(!!order.paid_at, 'online', order.paid_at, order.paid_minor || order.total_minor);
  // The nurse recorded the payment at the visit (`POST staff/visits/{id}/payment`): paid then, by the payment's amount.
  if (order.paid_at) {
    const [taken] = await listVisitPayments(db, [orderId]);
    return facts(true, 'on_visit', order.paid_at, order.paid_minor || order.total_minor, (taken && methodOfProvider(taken.provider)) || 'cash');
  }
  const collectedAt = COLLECTED.includes(order.status) ? await firstStatusAt(db, orderId, COLLECTED) : null;
  return facts(!!collectedAt, 'on_visit', collectedAt, order.total_minor);
}
