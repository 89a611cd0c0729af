import { setUpShopSuite } from '../testing/shopSuite';
import { createFixturePatient, createFixtureSlot, createFixtureUser, type FixtureUser } from '../testing/shopFixtures';
import { fakePay, fakePayModule, fakePaySign } from '../testing/fakePayProvider';
import { getConfig, loadConfig } from '../config';
import { runJobsOnce } from '@/server/jobList';
import { PAYMENT_PROVIDERS } from './registry';

/**
 * A third provider is one file (testing/fakePayProvider.ts) and one entry in the registry's list: it
 * validates its own options, gets its notification URLs from its id, and is paid and refunded through
 * the one route `/api/payments/{provider}/{notice}`, which hands it the raw bytes and headers it signs.
 */
const shop = setUpShopSuite();
const SECRET = 'fakepay-secret-of-this-suite-0123';
let saved: ReturnType<typeof getConfig>['payments'];

beforeAll(() => {
  PAYMENT_PROVIDERS.push(fakePayModule); // the one list entry
  saved = getConfig().payments;
  getConfig().payments = loadConfig({ PAYMENT_TEST_PROVIDER: 'false', FAKEPAY_SECRET: SECRET }).payments;
});
afterAll(() => {
  PAYMENT_PROVIDERS.splice(PAYMENT_PROVIDERS.indexOf(fakePayModule), 1);
  getConfig().payments = saved;
});

const signed = (payload: object, secret = SECRET) => {
  const rawBody = JSON.stringify(payload, null, 2);
  return { rawBody, headers: { 'x-fakepay-signature': fakePaySign(secret, rawBody) } };
};

async function placed(): Promise<{ user: FixtureUser; orderId: number; sessionId: string; amount: number }> {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(shop.db.db, user.id);
  await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna] } });
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 3, 3);
  const res = await shop.api.call('POST', '/api/order/create', {
    token: user.token,
    body: { laboratoryId: 'fx-waw', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Prosta 5' } },
  });
  expect(res.status).toBe(200);
  const registered = fakePay.registered.at(-1)!;
  expect(res.body.redirectUrl).toBe(`https://pay.fakepay.test/checkout/fp-${registered.sessionId}`);
  return { user, orderId: res.body.orderId as number, sessionId: registered.sessionId, amount: registered.amountMinor };
}

const payment = async (user: FixtureUser, orderId: number) => (await shop.api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token })).body.payment;

test('the provider validates its own options from the environment', () => {
  expect(() => loadConfig({ FAKEPAY_SECRET: 'short' })).toThrow(/FAKEPAY_SECRET/);
  expect(loadConfig({ FAKEPAY_SECRET: SECRET }).payments.providers.fakepay).toEqual({ secret: SECRET });
  expect(loadConfig({}).payments.providers.fakepay).toBeUndefined();
});

test('an order is paid through the generic route; its raw bytes are what the signature covers', async () => {
  const { user, orderId, sessionId, amount } = await placed();
  expect(fakePay.registered.at(-1)!.urlStatus).toBe('http://localhost:3000/api/payments/fakepay/status');
  expect((await payment(user, orderId)).status).toBe('awaiting');
  const notice = { session: sessionId, amount, currency: 'PLN', charge: 'ch_1', outcome: 'succeeded' };

  // The same JSON in other bytes than the signed ones, a wrong key, an unknown notice: refused, nothing changes.
  const good = signed(notice);
  expect((await shop.api.call('POST', '/api/payments/fakepay/status', { rawBody: JSON.stringify(notice), headers: good.headers })).status).toBe(400);
  expect((await shop.api.call('POST', '/api/payments/fakepay/status', signed(notice, 'another-secret-0123456789'))).status).toBe(400);
  const unknownNotice = await shop.api.call('POST', '/api/payments/fakepay/capture', good);
  expect(unknownNotice.status).toBe(400);
  expect(unknownNotice.body.fields).toHaveProperty('notice');
  expect((await payment(user, orderId)).status).toBe('awaiting');

  expect((await shop.api.call('POST', '/api/payments/fakepay/status', good)).status).toBe(200);
  expect(await payment(user, orderId)).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
});

test('a cancelled paid order is refunded through the provider and settled by its refund-status notice', async () => {
  const { user, orderId, sessionId, amount } = await placed();
  expect((await shop.api.call('POST', '/api/payments/fakepay/status', signed({ session: sessionId, amount, currency: 'PLN', charge: 'ch_2', outcome: 'succeeded' }))).status).toBe(200);
  expect((await shop.api.call('POST', `/api/backend/orders/${orderId}/cancel`, { token: user.token })).status).toBe(200);
  await runJobsOnce(shop.db.db);
  const asked = fakePay.refunds.at(-1)!;
  expect(asked).toMatchObject({ sessionId, providerOrderId: 'ch_2', amountMinor: amount, currency: 'PLN', urlStatus: 'http://localhost:3000/api/payments/fakepay/refund-status' });
  expect((await payment(user, orderId)).status).toBe('paid');
  const settled = signed({ session: sessionId, refund: asked.refundsUuid, amount, currency: 'PLN', outcome: 'refunded' });
  expect((await shop.api.call('POST', '/api/payments/fakepay/refund-status', settled)).status).toBe(200);
  expect(await payment(user, orderId)).toMatchObject({ status: 'refunded', pendingRefundAmount: 0 });
});

test('a provider that is not in the list or not configured is refused at its URL', async () => {
  expect((await shop.api.call('POST', '/api/payments/nosuch/status', { body: { x: 1 } })).status).toBe(400);
  expect((await shop.api.call('POST', '/api/payments/test/status', { body: { x: 1 } })).status).toBe(400);
});
