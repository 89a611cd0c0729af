/** The payment block of an order (`GET orders/{id}`, `GET order/{id}`, the staff order); docs/payments.md. */
export type PaymentMethodDto = 'online' | 'on_visit';
export type PaymentStatusDto = 'awaiting' | 'paid' | 'failed' | 'expired' | 'refunded' | 'partially_refunded' | 'on_visit';

export interface PaymentDto {
  method: PaymentMethodDto;
  status: PaymentStatusDto;
  /** The order's total, in major units like the order's `total`. */
  amount: number;
  currency: string;
  /** Refunds settled by the operator, major units. */
  refundedAmount: number;
  paidAt: string | null;
  /** Refunds started and not yet settled (staff see them pending), major units. */
  pendingRefundAmount: number;
  /** Online orders: every attempt (oldest first); a paid one counts or is refunded (docs/payments.md). */
  attempts?: PaymentAttemptDto[];
  /** Money paid beyond what the order owes (e.g. paid twice), going back or gone back; absent when none. */
  overpaidRefund?: { amount: number; status: 'pending' | 'done' | 'failed' };
  /** While awaiting or failed: the instant the hold releases the visit unless paid (ISO); else null. */
  payBy: string | null;
  /** What the patient's cancellation now would refund by the refund rule (major units); null when the patient can no longer cancel. */
  refundIfCancelled: number | null;
}

export interface PaymentAttemptDto {
  id: number;
  /** `created`/`registered`: open; `paid`; `failed` (declined or replaced by a new attempt); `expired`. */
  status: 'created' | 'registered' | 'paid' | 'failed' | 'expired';
  amount: number;
  paidAt: string | null;
}

/** `order/create` and `POST orders/{id}/pay`: where to send the payer. */
export interface PaymentRedirectDto {
  orderId: number;
  redirectUrl: string;
}

/** `GET /api/payments/test/{sessionId}`: one session of the built-in test provider, as the server answers it. */
export interface TestPaymentSessionDto {
  sessionId: string;
  orderId: number;
  /** The order's number (`LS-…`), the one the patient knows. */
  orderNumber: string;
  amount: number;
  currency: string;
  /** The attempt's own state: `created`/`registered` waiting; `paid`, `failed`, `expired` settled. */
  status: PaymentAttemptDto['status'];
  returnUrl: string;
  test: true;
}
