import { safePath } from './log';

/** F13: payment session ids are redacted in logged paths by their pattern, not their length. */
test('a short session id of order 2 (19 characters) and a long one are redacted; other paths keep their words', () => {
  expect(safePath('/api/payments/test/o2-Bh9ZqmXa6hxSux_O')).toBe('/api/payments/test/[redacted]');
  expect(safePath('/api/payments/test/o123456-Bh9ZqmXa6hxSux_Oabc?x=1')).toBe('/api/payments/test/[redacted]');
  expect(safePath('/api/backend/orders/2/pay')).toBe('/api/backend/orders/2/pay');
  expect(safePath('/api/backend/staff/orders/12/status')).toBe('/api/backend/staff/orders/12/status');
  expect(safePath('/api/backend/results/share/abcdefghijklmnopqrstuvwxyz')).toBe('/api/backend/results/share/[redacted]');
});
