import type { Currency } from '@/shared/money';
import type { PaymentDto, PaymentMethodDto, PaymentStatusDto } from '@/shared/types/payment';

/** How the patient pays: online through the operator (or the test provider), or to the nurse (the wire type). */
export type PaymentMethod = PaymentMethodDto;

/** The order's payment status (the wire type). */
export type PaymentStatus = PaymentStatusDto;

/** `payment` of `GET orders/{id}`: amounts in the same units as the order's `total` (the server's `PaymentDto`). */
export type OrderPaymentDto = Omit<PaymentDto, 'pendingRefundAmount' | 'payBy' | 'refundIfCancelled'> & { pendingRefundAmount?: number; payBy?: string | null; refundIfCancelled?: number | null };

/** The order-submitted page's payment: the order's as the store holds it (kept live by the order's event stream). */
export interface OrderPaymentState {
  /** Null until the order is loaded, and for an order without one. */
  payment: OrderPaymentDto | null;
  /** Loading the order failed (nothing to show yet). */
  failed: boolean;
  reload: () => void;
}

/** `GET payments/test/{id}`: one payment session of the built-in test provider. */
export interface TestPaymentDto {
  id: string;
  orderId: number;
  orderNumber: string;
  amount: number;
  currency: Currency;
  status: PaymentStatus;
}

/** `{orderId, redirectUrl}` of `order/create` and `POST orders/{id}/pay`. */
export interface PaymentRedirect {
  redirectUrl: string;
}
