import { isExternalUrl, refundIfCancelledNow } from './paymentRules';
import type { OrderPaymentDto } from './types';

const paid = (extra: Partial<OrderPaymentDto> = {}): OrderPaymentDto => ({ method: 'online', status: 'paid', amount: 99, currency: 'PLN', refundedAmount: 0, paidAt: '2026-11-26T10:00:00.000Z', ...extra });

describe('payment rules shown to the patient', () => {
  it.each([
    ['paid, may cancel', paid(), true, 99],
    ['partly refunded, may cancel', paid({ status: 'partially_refunded', refundedAmount: 30 }), true, 69],
    ['paid, past the 24 h limit', paid(), false, null],
    ['awaiting', paid({ status: 'awaiting', paidAt: null }), true, 0],
    ['on visit', paid({ method: 'on_visit', status: 'on_visit', paidAt: null }), true, 0],
    ['already refunded', paid({ status: 'refunded', refundedAmount: 99 }), true, 0],
  ])('refund if cancelled now: %s', (_name, payment, canCancel, refund) => {
    expect(refundIfCancelledNow(payment, canCancel)).toBe(refund);
  });

  it.each([
    ['/order/order-submitted?orderId=1', false],
    ['/payments/test/ps_1', false],
    ['http://shop.test/order/order-submitted?orderId=1', false],
    ['https://sandbox.przelewy24.pl/trnRequest/TOKEN', true],
    ['//evil.test/x', true],
  ])('%s leaves the shop: %s', (url, external) => {
    expect(isExternalUrl(url, 'http://shop.test')).toBe(external);
  });
});
