/**
 * The public surface of the checkout feature: the only names other features may import from it
 * (enforced by ESLint; see docs/architecture.md).
 */
export { OrderAmount } from './components/OrderAmount';
export { useSavedAddressCoverage } from './components/useSavedAddressCoverage';
export { selectOrderTotals } from './orderTotals';
