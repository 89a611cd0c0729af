import type { PaymentDto } from './types/payment';

/** The order-submitted page's query when the payer came back from the payment page without paying ("Leave"). */
export const LEFT_PAYMENT_QUERY = 'left';

/**
 * True while an online payment is really under way: the order awaits it, its latest attempt is still
 * open with the operator (`created`/`registered`, from `GET orders/{id}` payment.attempts), and the
 * payer did not leave the payment page unpaid (`left`). Otherwise the order is simply not paid yet:
 * nobody is "checking with the operator".
 */
export function paymentPending(payment: Pick<PaymentDto, 'method' | 'status' | 'attempts'> | null | undefined, left: boolean): boolean {
  if (left || !payment || payment.method !== 'online' || payment.status !== 'awaiting') return false;
  const latest = payment.attempts?.[payment.attempts.length - 1];
  return latest?.status === 'created' || latest?.status === 'registered';
}
