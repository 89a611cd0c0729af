import { makeStore } from '@/store/makeStore';
import { cartReceived } from '@/features/cart/cartSlice';
import { activeLaboratorySet, laboratoryReceived } from '@/features/lab/labSlice';
import type { CartDto, LaboratoryDto } from '@/lib/types/api';
import { coverageReceived, orderAddressSaved, promoApplied } from './checkoutSlice';
import { selectOrderTotals } from './orderTotals';

const cart = { cartTotal: { price: 20.1, currency: 'PLN' } } as CartDto;
const lab = { id: 'waw', visitFee: 10.2, currency: 'PLN' } as LaboratoryDto;

test('the cart shows the tests and the laboratory visit fee added in minor units', () => {
  const store = makeStore({ saga: null });
  store.dispatch(cartReceived(cart));
  store.dispatch(activeLaboratorySet('waw'));
  store.dispatch(laboratoryReceived(lab));
  expect(selectOrderTotals(store.getState(), 'cart')).toEqual({ currency: 'PLN', subtotalMinor: 2010, visitFeeMinor: 1020, discountMinor: 0, totalMinor: 3030 });
});

test('the checkout takes the zone fee of the address and the promo discount', () => {
  const store = makeStore({ saga: null });
  store.dispatch(cartReceived(cart));
  store.dispatch(activeLaboratorySet('waw'));
  store.dispatch(laboratoryReceived(lab));
  store.dispatch(orderAddressSaved({ country: 'PL', city: 'Warszawa', postalCode: '02-715', street: 'Prosta 5', entry: '', floor: '', apartment: '', intercomCode: '', notes: '' } as never));
  store.dispatch(coverageReceived({ laboratoryId: 'waw', country: 'PL', postalCode: '02-715', served: true, visitFee: 0.3, currency: 'PLN', servedBy: [] }));
  store.dispatch(promoApplied({ promoCode: 'SPRING', discount: 0.1, subtotal: 20.1, currency: 'PLN' }));
  expect(selectOrderTotals(store.getState(), 'checkout')).toEqual({ currency: 'PLN', subtotalMinor: 2010, visitFeeMinor: 30, discountMinor: 10, totalMinor: 2030 });
  // The cart page still shows the laboratory's standard fee and no discount.
  expect(selectOrderTotals(store.getState(), 'cart').totalMinor).toBe(3030);
});
