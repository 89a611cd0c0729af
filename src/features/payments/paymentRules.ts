import { ERROR_CODES } from '@/shared/errorCodes';
import type { OrderPaymentDto } from './types';

/** The error code of an answer saying the operator could not start the payment (the order is kept). */
export const PAYMENT_NOT_STARTED = ERROR_CODES.paymentUnavailable;

/**
 * What the patient would get back by cancelling now: the server's `refundIfCancelled` (the refund
 * rule over the order's facts, so after "not at home" the home-visit fee is kept); without it, all
 * that was paid and not yet refunded (an overpayment returned aside) while the patient may cancel
 * (`canCancel`); an unpaid or pay-on-visit order has nothing to refund.
 */
export function refundIfCancelledNow(payment: OrderPaymentDto, canCancel: boolean): number | null {
  if (!canCancel) return null;
  if (payment.refundIfCancelled !== undefined) return payment.refundIfCancelled;
  if (payment.method !== 'online' || (payment.status !== 'paid' && payment.status !== 'partially_refunded')) return 0;
  // Money paid beyond the order and returned is not part of what a cancellation gives back.
  const overpaidBack = payment.overpaidRefund?.status === 'done' ? payment.overpaidRefund.amount : 0;
  return Math.max(0, payment.amount - (payment.refundedAmount - overpaidBack));
}

/**
 * Goes to a redirect URL of the server: a path of the shop through the router, an operator's page
 * (another origin) by a full navigation.
 */
export function isExternalUrl(url: string, origin: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return false;
  try {
    return new URL(url, origin).origin !== origin;
  } catch {
    return false;
  }
}
