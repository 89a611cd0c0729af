import type { NurseVisitPaymentDto } from '@/shared/types/visitPayment';
import type { OrderRow } from '@/server/orders/repositories/orders';
import type { AttemptRow } from '@/server/payments/repositories/payments';
import { methodOfProvider } from './repositories/visitPayments';

/** Still to collect at the door: paid on the visit, not paid yet, not cancelled, with a price (a free second visit has none). */
export const unpaidOnVisit = (o: OrderRow) => o.payment_method === 'on_visit' && o.payment_status === 'on_visit' && o.status !== 'cancelled' && o.total_minor > 0;

/** The nurse's card's money line: paid online, or what to collect and what was recorded (`assignedNurse`: the caller may record it). */
export function visitPaymentDto(order: OrderRow, recorded: AttemptRow | undefined, assignedNurse: boolean): NurseVisitPaymentDto {
  const method = recorded ? methodOfProvider(recorded.provider) : null;
  return {
    method: order.payment_method,
    status: order.payment_status,
    amountMinor: order.total_minor,
    currency: order.currency,
    collected: recorded && method ? { method, at: recorded.paid_at ?? recorded.created_at, amountMinor: recorded.amount_minor } : null,
    canRecord: !recorded && unpaidOnVisit(order) && assignedNurse,
  };
}
