import { getConfig, setConfigForTests } from '../config';
import { setUpShopSuite } from '../testing/shopSuite';
import { createFixturePatient, createFixtureSlot, createFixtureUser, type FixtureUser } from '../testing/shopFixtures';

/**
 * Anti-automation on the payment, document, push and event-stream routes (SQLite and PostgreSQL): a
 * new payment attempt 5 times an hour per order, invoice requests, push subscriptions and event
 * streams per account and address, payment and refund notifications per address. Over a limit: 429
 * with `Retry-After` and the shop's JSON error; another order, account or address goes on.
 */
const shop = setUpShopSuite();
const SECRET = 'test-secret-of-this-suite-0123456789';
const B = '/api/backend';
let n = 0;
const from = () => ({ 'X-Forwarded-For': `198.51.100.${++n}` });

beforeAll(() => {
  const base = getConfig();
  setConfigForTests({
    ...base,
    payments: { providers: { test: { secret: SECRET } }, holdMinutes: 30 },
    rateLimits: { ...base.rateLimits, enabled: true, invoice: { perIp: 30, perKey: 3 }, events: { perIp: 30, perKey: 2 }, push: { perIp: 30, perKey: 3 }, notify: { perIp: 4, perKey: 4 } },
  });
});
afterAll(() => setConfigForTests());

async function placed(user: FixtureUser): Promise<number> {
  const anna = await createFixturePatient(shop.db.db, user.id);
  await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna] } });
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 3, 3);
  const res = await shop.api.call('POST', '/api/order/create', {
    token: user.token,
    headers: from(),
    body: { laboratoryId: 'fx-waw', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Prosta 5' } },
  });
  expect(res.status).toBe(200);
  return res.body.orderId as number;
}

function expectLimited(res: { status: number; body: { code?: string; error?: string }; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ code: 'rate_limited', error: expect.any(String) });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

test('POST orders/{id}/pay: five new attempts an hour per order, then 429; another order goes on', async () => {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const [first, second] = [await placed(user), await placed(user)];
  for (let i = 0; i < 5; i++) expect((await shop.api.call('POST', `${B}/orders/${first}/pay`, { token: user.token, headers: from() })).status).toBe(200);
  const attempts = await shop.db.db.selectFrom('payment_attempts').select('id').where('order_id', '=', first).execute();
  expectLimited(await shop.api.call('POST', `${B}/orders/${first}/pay`, { token: user.token, headers: from() }));
  // The refused call registered nothing with the operator.
  expect(await shop.db.db.selectFrom('payment_attempts').select('id').where('order_id', '=', first).execute()).toHaveLength(attempts.length);
  expect((await shop.api.call('POST', `${B}/orders/${second}/pay`, { token: user.token, headers: from() })).status).toBe(200);
});

test('invoice requests, push subscriptions and event streams are limited per account', async () => {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const orderId = await placed(user);
  const buyer = { buyer: { taxId: '5250000015', name: 'ACME sp. z o.o.', address: { street: 'Prosta 1', postalCode: '00-001', city: 'Warszawa', country: 'PL' } } };
  for (let i = 0; i < 3; i++) expect((await shop.api.call('POST', `${B}/orders/${orderId}/invoice`, { token: user.token, headers: from(), body: buyer })).status).not.toBe(429);
  expectLimited(await shop.api.call('POST', `${B}/orders/${orderId}/invoice`, { token: user.token, headers: from(), body: buyer }));

  const device = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'A'.repeat(87), auth: 'B'.repeat(22) } };
  for (let i = 0; i < 3; i++) expect((await shop.api.call('POST', `${B}/users/current/push-subscriptions`, { token: user.token, headers: from(), body: device })).status).not.toBe(429);
  expectLimited(await shop.api.call('POST', `${B}/users/current/push-subscriptions`, { token: user.token, headers: from(), body: device }));

  const open = async () => {
    const controller = new AbortController();
    const res = await fetch(`${shop.api.url}${B}/orders/${orderId}/events`, { headers: { Authorization: `Bearer ${user.token}`, ...from() }, signal: controller.signal });
    const body = res.headers.get('content-type')?.startsWith('text/event-stream') ? null : await res.json();
    controller.abort();
    return { status: res.status, body, headers: res.headers };
  };
  for (let i = 0; i < 2; i++) expect((await open()).status).toBe(200);
  expectLimited(await open());
});

test('payment and refund notifications are limited per address; another address goes on', async () => {
  const ip = { 'X-Forwarded-For': '203.0.113.9' };
  for (let i = 0; i < 4; i++) expect((await shop.api.call('POST', '/api/payments/test/notify', { headers: ip, body: { junk: i } })).status).toBe(400);
  expectLimited(await shop.api.call('POST', '/api/payments/test/notify', { headers: ip, body: { junk: 5 } }));
  expectLimited(await shop.api.call('POST', '/api/payments/p24/status', { headers: ip, body: { junk: 6 } }));
  expectLimited(await shop.api.call('POST', '/api/payments/p24/refund-status', { headers: ip, body: { junk: 7 } }));
  expect((await shop.api.call('POST', '/api/payments/test/notify', { headers: { 'X-Forwarded-For': '203.0.113.10' }, body: { junk: 8 } })).status).toBe(400);
});
