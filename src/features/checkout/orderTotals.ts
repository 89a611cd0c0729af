import type { RootState } from '@/store/makeStore';
import { DEFAULT_CURRENCY, toMinor, type Currency } from '@/lib/money';
import { coverageMatches } from './components/coverage';

/** The money of the order being put together, in minor units (added as integers, never as floats). */
export interface OrderTotals {
  currency: Currency;
  /** The tests (and materials) in the cart. */
  subtotalMinor: number;
  /** The home visit. */
  visitFeeMinor: number;
  /** What the applied promo code takes off (checkout only). */
  discountMinor: number;
  totalMinor: number;
}

/**
 * The prices and totals the cart and the checkout show, from one place. `cart`: the laboratory's
 * standard visit fee and no discount (no address or code yet). `checkout`: the fee of the address's
 * zone once its coverage is known (the server charges the same), else the laboratory's standard fee,
 * and the applied promo code's discount.
 */
export function selectOrderTotals(state: RootState, stage: 'cart' | 'checkout'): OrderTotals {
  const cart = state.cart.cart;
  const order = state.order;
  const labFee = state.lab.laboratory?.visitFee;
  let visitFee = labFee ?? 0;
  let discount = 0;
  if (stage === 'checkout') {
    const coverage = coverageMatches(order.coverage, state.lab.activeLaboratoryId, order.orderAddress) ? order.coverage : null;
    visitFee = coverage?.served && coverage.visitFee !== null ? coverage.visitFee : (labFee ?? order.deliveryPrice);
    discount = order.promo?.discount ?? 0;
  }
  const subtotalMinor = toMinor(cart?.cartTotal.price ?? 0);
  const visitFeeMinor = toMinor(visitFee);
  const discountMinor = toMinor(discount);
  return {
    currency: cart?.cartTotal.currency ?? DEFAULT_CURRENCY,
    subtotalMinor,
    visitFeeMinor,
    discountMinor,
    totalMinor: subtotalMinor + visitFeeMinor - discountMinor,
  };
}
