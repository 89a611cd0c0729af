import { backendClient, shopClient } from '@/lib/apiClient';
import type { Currency } from '@/shared/money';
import type { TestPaymentSessionDto } from '@/shared/types/payment';
import type { PaymentRedirect, PaymentStatus, TestPaymentDto } from './types';


const ATTEMPT_TO_PAYMENT: Record<TestPaymentSessionDto['status'], PaymentStatus> = { created: 'awaiting', registered: 'awaiting', paid: 'paid', failed: 'failed', expired: 'expired' };

/**
 * Every payment call of the browser, and the names of their routes, in one place: a new attempt
 * relative to NEXT_PUBLIC_API_ROOT (the order's payment comes with the order, `features/orders`); the built-in test provider's session
 * under the shop's own API (`/api/payments/test/{sessionId}`, GET and POST `{action}`).
 */
export const PAYMENT_ROUTES = {
  retry: (orderId: number) => `orders/${orderId}/pay`,
  testSession: (id: string) => `payments/test/${encodeURIComponent(id)}`,
} as const;

export const paymentsApi = {
  /** A new attempt for an order awaiting payment: answers where to pay. */
  retry: (orderId: number) => backendClient.post<PaymentRedirect>(PAYMENT_ROUTES.retry(orderId), {}).then((r) => r.data),
  testPayment: (id: string) =>
    shopClient.get<TestPaymentSessionDto>(PAYMENT_ROUTES.testSession(id)).then((r): TestPaymentDto => ({ id: r.data.sessionId, orderId: r.data.orderId, orderNumber: r.data.orderNumber, amount: r.data.amount, currency: r.data.currency as Currency, status: ATTEMPT_TO_PAYMENT[r.data.status] })),
  testPay: (id: string) => shopClient.post<Partial<PaymentRedirect>>(PAYMENT_ROUTES.testSession(id), { action: 'pay' }).then((r) => r.data),
  testDecline: (id: string) => shopClient.post<Partial<PaymentRedirect>>(PAYMENT_ROUTES.testSession(id), { action: 'decline' }).then((r) => r.data),
};
