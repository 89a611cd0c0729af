import { p24Sign, signMatches, signPayload } from './p24Sign';

/*
 * No worked example with a computed digest was found in the public copies of the Przelewy24 REST
 * documentation (they give the key order and the JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES
 * rule, not a digest). The expected digests below were computed independently with coreutils:
 *   printf '%s' '<the JSON literal>' | sha384sum
 * over the literal JSON written by hand in the documented key order, with a slash in the session
 * and a non-ASCII letter in the CRC, so an escaped "\/" or "\u017c" would change the digest.
 */
const crc = 'crc-ż-key';
const session = 'order-17/a';

test('register: {"sessionId","merchantId","amount","currency","crc"}', () => {
  const v = { currency: 'PLN', amount: 12345, merchantId: 11111, sessionId: session, extra: 'ignored' };
  expect(signPayload('register', v, crc)).toBe('{"sessionId":"order-17/a","merchantId":11111,"amount":12345,"currency":"PLN","crc":"crc-ż-key"}');
  expect(p24Sign('register', v, crc)).toBe('b62b16afdf7f162e38f0eccfce1190a64f7464fac16ec2c9f124c78ff6a9095cade87bc5e6f966f31ebfbe7f29adcde3');
});

test('notification: merchantId, posId, sessionId, amount, originAmount, currency, orderId, methodId, statement, crc', () => {
  const v = { merchantId: 11111, posId: 11111, sessionId: session, amount: 12345, originAmount: 12345, currency: 'PLN', orderId: 300000001, methodId: 154, statement: 'p24-A1-B2-C3' };
  const sign = '3d2c09ef2965aa2b5361ea739936c05477fe86f6b3777a8d937104bdd28cb3e273e9abcf9481590fb71ce1d91d25377a';
  expect(p24Sign('notification', v, crc)).toBe(sign);
  expect(signMatches('notification', v, crc, sign)).toBe(true);
  expect(signMatches('notification', { ...v, amount: 12346 }, crc, sign)).toBe(false);
  expect(signMatches('notification', v, 'other', sign)).toBe(false);
  expect(signMatches('notification', v, crc, 'not-hex')).toBe(false);
});

test('verify: {"sessionId","orderId","amount","currency","crc"}', () => {
  expect(p24Sign('verify', { sessionId: session, orderId: 300000001, amount: 12345, currency: 'PLN' }, crc)).toBe(
    '58f233bf767379d800dbebb44d171005497319495b9b7affa1c1e705b67241b59a061a8103b74dc1409cd1a4a29662f5',
  );
});

test('refund notification: orderId, sessionId, refundsUuid, merchantId, amount, currency, status, crc', () => {
  const v = { orderId: 300000001, sessionId: session, refundsUuid: '94c1fb8e-6a1c-4e0a-9d3a-0d1b3a3a7f01', merchantId: 11111, amount: 2000, currency: 'PLN', status: 0 };
  expect(p24Sign('refundNotification', v, crc)).toBe('82d016eddd31262ce553d18922b69c53f3995318402438d89e1986dcd91344f2b1ad0dab41a422c4462f034b26cfa2f3');
});
