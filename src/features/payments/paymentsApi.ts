import { backendClient } from '@/lib/apiClient';
import type { OrderPaymentDto, PaymentRedirect, TestPaymentDto } from './types';

/**
 * Every payment call of the browser, and the names of their routes, in one place (relative to
 * NEXT_PUBLIC_API_ROOT).
 */
export const PAYMENT_ROUTES = {
  order: (orderId: number) => `orders/${orderId}`,
  retry: (orderId: number) => `orders/${orderId}/pay`,
  testPayment: (id: string) => `payments/test/${encodeURIComponent(id)}`,
  testPay: (id: string) => `payments/test/${encodeURIComponent(id)}/pay`,
  testDecline: (id: string) => `payments/test/${encodeURIComponent(id)}/decline`,
} as const;

export const paymentsApi = {
  /** The order's payment (`payment` of `GET orders/{id}`); null for an order without one. */
  orderPayment: (orderId: number) =>
    backendClient.get<{ payment?: OrderPaymentDto | null }>(PAYMENT_ROUTES.order(orderId)).then((r) => r.data.payment ?? null),
  /** A new attempt for an order awaiting payment: answers where to pay. */
  retry: (orderId: number) => backendClient.post<PaymentRedirect>(PAYMENT_ROUTES.retry(orderId), {}).then((r) => r.data),
  testPayment: (id: string) => backendClient.get<TestPaymentDto>(PAYMENT_ROUTES.testPayment(id)).then((r) => r.data),
  testPay: (id: string) => backendClient.post<Partial<PaymentRedirect>>(PAYMENT_ROUTES.testPay(id), {}).then((r) => r.data),
  testDecline: (id: string) => backendClient.post<Partial<PaymentRedirect>>(PAYMENT_ROUTES.testDecline(id), {}).then((r) => r.data),
};
