import { getConfig } from '../config';
import type { OrderRow } from '@/server/orders/repositories/orders';

/**
 * The deadline of an order awaiting its online payment (`payment.payBy`, docs/payments.md): the hold
 * releases the visit PAYMENT_HOLD_MINUTES after the order was placed.
 */
type PayableOrder = Pick<OrderRow, 'id' | 'status' | 'payment_method' | 'payment_status' | 'created_at' | 'laboratory_id'>;

/** True while the order can still be paid online (awaiting or failed, not cancelled). */
export function isPayable(order: Pick<PayableOrder, 'status' | 'payment_method' | 'payment_status'>): boolean {
  return order.payment_method === 'online' && order.status !== 'cancelled' && (order.payment_status === 'awaiting' || order.payment_status === 'failed');
}

/** The instant the hold of an order placed at `placed` releases its visit (PAYMENT_HOLD_MINUTES later). */
export function holdDeadline(placed: Date): Date {
  return new Date(placed.getTime() + getConfig().payments.holdMinutes * 60_000);
}

/** The instant the hold releases the visit (the order's placing + PAYMENT_HOLD_MINUTES), while it can be paid; else null. */
export function payByOf(order: PayableOrder): string | null {
  if (!isPayable(order)) return null;
  const placed = new Date(order.created_at);
  if (Number.isNaN(placed.getTime())) return null;
  return holdDeadline(placed).toISOString();
}
