import { makeStore } from '@/store/makeStore';
import { cartReceived } from '@/features/cart/cartSlice';
import { activeLaboratorySet, laboratoryReceived } from '@/features/lab/labSlice';
import type { CartDto, LaboratoryDto } from '@/shared/types/api';
import { coverageReceived, orderAddressSaved, promoReceived } from './checkoutSlice';
import { selectOrderTotals } from './orderTotals';

const cart = { cartTotal: { price: 20.1, currency: 'PLN' } } as CartDto;
const lab = { id: 'waw', visitFee: 10.2, visitFeeFrom: 9.1, currency: 'PLN' } as LaboratoryDto;

test('before the address is known the visit fee is the laboratory\'s lowest, not exact, added in minor units', () => {
  const store = makeStore({ saga: null });
  store.dispatch(cartReceived(cart));
  store.dispatch(activeLaboratorySet('waw'));
  store.dispatch(laboratoryReceived(lab));
  const expected = { currency: 'PLN', subtotalMinor: 2010, visitFeeMinor: 910, visitFeeExact: false, discountMinor: 0, totalMinor: 2920 };
  expect(selectOrderTotals(store.getState(), 'cart')).toEqual(expected);
  expect(selectOrderTotals(store.getState(), 'checkout')).toEqual(expected);
});

test('the checkout takes the zone fee of the address and the promo discount', () => {
  const store = makeStore({ saga: null });
  store.dispatch(cartReceived(cart));
  store.dispatch(activeLaboratorySet('waw'));
  store.dispatch(laboratoryReceived(lab));
  store.dispatch(orderAddressSaved({ country: 'PL', city: 'Warszawa', postalCode: '02-715', street: 'Prosta 5', entry: '', floor: '', apartment: '', intercomCode: '', notes: '' } as never));
  store.dispatch(coverageReceived({ laboratoryId: 'waw', country: 'PL', postalCode: '02-715', served: true, visitFee: 0.3, currency: 'PLN', servedBy: [] }));
  store.dispatch(promoReceived({ promoCode: 'SPRING', discount: 0.1, subtotal: 20.1, currency: 'PLN' }));
  expect(selectOrderTotals(store.getState(), 'checkout')).toEqual({ currency: 'PLN', subtotalMinor: 2010, visitFeeMinor: 30, visitFeeExact: true, discountMinor: 10, totalMinor: 2030 });
  // The cart shows the same zone fee (what the server will charge), without the discount.
  expect(selectOrderTotals(store.getState(), 'cart')).toMatchObject({ visitFeeMinor: 30, visitFeeExact: true, totalMinor: 2040 });
  // Another postal code saved: its coverage is not known yet, so the fee is "from" again.
  store.dispatch(orderAddressSaved({ country: 'PL', city: 'Piaseczno', postalCode: '05-500', street: 'Puławska 1', entry: '', floor: '', apartment: '', intercomCode: '', notes: '' } as never));
  expect(selectOrderTotals(store.getState(), 'cart')).toMatchObject({ visitFeeMinor: 910, visitFeeExact: false });
});
