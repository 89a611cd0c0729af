/**
 * The public surface of the %s feature: the only names other features may import from it
 * (enforced by ESLint; see docs/architecture.md).
 */
export { deliveryPriceSet } from './checkoutSlice';
export { selectOrderTotals } from './orderTotals';
