import { setUpShopSuite } from '../testing/shopSuite';
import { createFixturePatient, createFixtureSlot, createFixtureUser, type FixtureUser } from '../testing/shopFixtures';
import { getConfig } from '../config';
import { runJobsOnce } from '@/server/jobList';
import { signedTestNotice } from './testProvider';

/** The built-in test provider: its page's API, Pay / Decline through the signed notification path, forgeries refused. */
const shop = setUpShopSuite();
const SECRET = 'test-secret-of-this-suite-0123456789';

beforeAll(() => {
  getConfig().payments = { providers: { test: { secret: SECRET } }, holdMinutes: 30 };
});

async function placed(): Promise<{ user: FixtureUser; orderId: number; sessionId: string }> {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(shop.db.db, user.id);
  await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna] } });
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 3, 3);
  const res = await shop.api.call('POST', '/api/order/create', {
    token: user.token,
    body: { laboratoryId: 'fx-waw', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Prosta 5' } },
  });
  expect(res.status).toBe(200);
  const m = /^\/payments\/test\/([A-Za-z0-9_-]+)$/.exec(res.body.redirectUrl as string);
  expect(m).not.toBeNull();
  return { user, orderId: res.body.orderId as number, sessionId: m![1]! };
}

const status = async (user: FixtureUser, orderId: number) => (await shop.api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token })).body.payment.status as string;

test('Decline then retry then Pay: failed, a new attempt, paid; the page data is the owner\'s only', async () => {
  const { user, orderId, sessionId } = await placed();
  const page = await shop.api.call('GET', `/api/payments/test/${sessionId}`, { token: user.token });
  expect(page.body).toMatchObject({ sessionId, orderId, currency: 'PLN', status: 'registered', test: true, returnUrl: `/order/order-submitted?orderId=${orderId}` });
  const stranger = await createFixtureUser(shop.db.db);
  expect((await shop.api.call('GET', `/api/payments/test/${sessionId}`, { token: stranger.token })).status).toBe(404);
  expect((await shop.api.call('POST', `/api/payments/test/${sessionId}`, { token: stranger.token, body: { action: 'pay' } })).status).toBe(404);
  expect((await shop.api.call('POST', `/api/payments/test/${sessionId}`, { token: user.token, body: { action: 'steal' } })).body.fields).toHaveProperty('action');

  const declined = await shop.api.call('POST', `/api/payments/test/${sessionId}`, { token: user.token, body: { action: 'decline' } });
  expect(declined.body).toEqual({ orderId, redirectUrl: `/order/order-submitted?orderId=${orderId}` });
  expect(await status(user, orderId)).toBe('failed');
  const retry = await shop.api.call('POST', `/api/backend/orders/${orderId}/pay`, { token: user.token });
  const next = /\/payments\/test\/(.+)$/.exec(retry.body.redirectUrl as string)![1]!;
  expect(next).not.toBe(sessionId);
  expect(await status(user, orderId)).toBe('awaiting');
  await shop.api.call('POST', `/api/payments/test/${next}`, { token: user.token, body: { action: 'pay' } });
  expect(await status(user, orderId)).toBe('paid');
});

test('a notification signed with another secret, or changed after signing, is refused', async () => {
  const { user, orderId, sessionId } = await placed();
  const amount = Math.round(((await shop.api.call('GET', `/api/order/${orderId}`, { token: user.token })).body.total as number) * 100);
  const forged = signedTestNotice('another-secret-0123456789', { sessionId, amount, currency: 'PLN', result: 'paid' });
  expect((await shop.api.call('POST', '/api/payments/test/notify', { body: forged })).status).toBe(400);
  const changed = { ...signedTestNotice(SECRET, { sessionId, amount, currency: 'PLN', result: 'paid' }), amount: 1 };
  expect((await shop.api.call('POST', '/api/payments/test/notify', { body: changed })).status).toBe(400);
  expect(await status(user, orderId)).toBe('awaiting');
  expect((await shop.api.call('POST', '/api/payments/test/notify', { body: signedTestNotice(SECRET, { sessionId, amount, currency: 'PLN', result: 'paid' }) })).status).toBe(200);
  expect(await status(user, orderId)).toBe('paid');
});

test('a cancelled paid order is refunded through the test provider at once by the refund job', async () => {
  const { user, orderId, sessionId } = await placed();
  await shop.api.call('POST', `/api/payments/test/${sessionId}`, { token: user.token, body: { action: 'pay' } });
  await shop.api.call('POST', `/api/backend/orders/${orderId}/cancel`, { token: user.token });
  await runJobsOnce(shop.db.db);
  const p = (await shop.api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token })).body.payment;
  expect(p).toMatchObject({ status: 'refunded', refundedAmount: p.amount, pendingRefundAmount: 0 });
});

test('the generic notification URL /api/payments/test/status and the kept /api/payments/test/notify are one door', async () => {
  const { user, orderId, sessionId } = await placed();
  const amount = Math.round(((await shop.api.call('GET', `/api/order/${orderId}`, { token: user.token })).body.total as number) * 100);
  expect((await shop.api.call('POST', '/api/payments/test/status', { body: signedTestNotice('another-secret-0123456789', { sessionId, amount, currency: 'PLN', result: 'paid' }) })).status).toBe(400);
  expect((await shop.api.call('POST', '/api/payments/test/status', { body: signedTestNotice(SECRET, { sessionId, amount, currency: 'PLN', result: 'paid' }) })).status).toBe(200);
  expect(await status(user, orderId)).toBe('paid');
  expect((await shop.api.call('POST', '/api/payments/test/notify', { body: signedTestNotice(SECRET, { sessionId, amount, currency: 'PLN', result: 'paid' }) })).status).toBe(200);
});
