import type { RootState } from '@/store/makeStore';
import { DEFAULT_CURRENCY, toMinor, type Currency } from '@/shared/money';
import { coverageMatches } from './components/coverage';

/** The money of the order being put together, in minor units (added as integers, never as floats). */
export interface OrderTotals {
  currency: Currency;
  /** The tests (and materials) in the cart. */
  subtotalMinor: number;
  /**
   * The home visit: the fee of the address's zone when known (`visitFeeExact`), else the lowest fee
   * the laboratory charges (shown as "from").
   */
  visitFeeMinor: number;
  /** True when the visit fee is the one the server charges for the saved address. */
  visitFeeExact: boolean;
  /** What the applied promo code takes off (checkout only). */
  discountMinor: number;
  /** With the visit fee as above: a lower bound ("from") unless `visitFeeExact`. */
  totalMinor: number;
}

/**
 * The prices and totals the cart and the checkout show, from one place. The visit fee is the fee of
 * the saved address's zone once its coverage is known (the server charges the same, docs/backend.md
 * "Home-visit coverage"); before that it is the laboratory's lowest fee, marked as not exact so it is
 * shown as "from" and never as the price. `cart`: no discount (no code yet). `checkout`: the applied
 * promo code's discount.
 */
export function selectOrderTotals(state: RootState, stage: 'cart' | 'checkout'): OrderTotals {
  const cart = state.cart.cart.data;
  const checkout = state.checkout;
  const lab = state.lab.laboratory.data;
  const coverage = coverageMatches(checkout.coverage.data, state.lab.activeLaboratoryId, checkout.orderAddress) ? checkout.coverage.data : null;
  const visitFeeExact = Boolean(coverage?.served && coverage.visitFee !== null);
  const visitFee = visitFeeExact ? (coverage?.visitFee ?? 0) : (lab?.visitFeeFrom ?? lab?.visitFee ?? 0);
  const discount = stage === 'checkout' ? (checkout.promo.data?.discount ?? 0) : 0;
  const subtotalMinor = toMinor(cart?.cartTotal.price ?? 0);
  const visitFeeMinor = toMinor(visitFee);
  const discountMinor = toMinor(discount);
  return {
    currency: cart?.cartTotal.currency ?? DEFAULT_CURRENCY,
    subtotalMinor,
    visitFeeMinor,
    visitFeeExact,
    discountMinor,
    totalMinor: subtotalMinor + visitFeeMinor - discountMinor,
  };
}
