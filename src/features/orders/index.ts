/**
 * The public surface of the orders feature: the only names other features may import from it
 * (enforced by ESLint; see docs/architecture.md).
 */
export { OrderListCard } from './components/OrderListCard';
export { StatusChip } from './components/StatusChip';
export { selectSlots, slotsRequested } from './ordersSlice';
export { useLiveOrder } from './components/useOrders';
