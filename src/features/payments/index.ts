/**
 * The public surface of the payments feature: the only names other features may import from it
 * (enforced by ESLint; see docs/architecture.md).
 */
export { PaymentMethodChoice } from './components/PaymentMethodChoice';
export { PaymentStatusPanel } from './components/PaymentStatusPanel';
export { OrderPaymentBlock } from './components/OrderPaymentBlock';
export { PAYMENT_NOT_STARTED } from './paymentRules';
export { followRedirect } from './redirect';
export type { OrderPaymentDto, OrderPaymentState, PaymentMethod } from './types';
