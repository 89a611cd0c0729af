import { setUpShopSuite } from '../testing/shopSuite';
import { createFixturePatient, createFixtureSlot, createFixtureUser, type FixtureUser } from '../testing/shopFixtures';
import { getConfig } from '../config';

/**
 * "If you cancel now" is the refund the cancellation makes: `payment.refundIfCancelled` follows the
 * refund rule in every state (paid: the whole total; after "not at home": less the home-visit fee;
 * unpaid: nothing; too late to cancel: null), and the refund the cancellation then starts is that
 * amount. On SQLite and PostgreSQL.
 */
const shop = setUpShopSuite();
const SECRET = 'test-secret-of-this-suite-0123456789';

beforeAll(() => {
  getConfig().payments = { providers: { test: { secret: SECRET } }, holdMinutes: 30 };
});

async function place(paymentMethod: 'online' | 'on_visit'): Promise<{ user: FixtureUser; orderId: number; sessionId: string | null }> {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(shop.db.db, user.id);
  await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna] } });
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 3, 3);
  const res = await shop.api.call('POST', '/api/order/create', {
    token: user.token,
    body: { laboratoryId: 'fx-waw', paymentMethod, nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Prosta 5' } },
  });
  expect(res.status).toBe(200);
  const m = /\/payments\/test\/(.+)$/.exec(res.body.redirectUrl as string);
  return { user, orderId: res.body.orderId as number, sessionId: m ? m[1]! : null };
}

const detail = async (user: FixtureUser, orderId: number) => (await shop.api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token })).body;
const cents = (major: number) => Math.round(major * 100);

test('paid: the whole total is promised and refunded', async () => {
  const { user, orderId, sessionId } = await place('online');
  await shop.api.call('POST', `/api/payments/test/${sessionId}`, { token: user.token, body: { action: 'pay' } });
  const before = await detail(user, orderId);
  expect(before.payment.refundIfCancelled).toBe(before.payment.amount);
  expect((await shop.api.call('POST', `/api/backend/orders/${orderId}/cancel`, { token: user.token })).status).toBe(200);
  const after = await detail(user, orderId);
  expect(cents(after.payment.pendingRefundAmount + after.payment.refundedAmount)).toBe(cents(before.payment.refundIfCancelled));
  // Cancelled: no more "if you cancel now".
  expect(after.payment.refundIfCancelled).toBeNull();
});

test('after "not at home" the promise keeps the home-visit fee, as the refund does', async () => {
  const { user, orderId, sessionId } = await place('online');
  await shop.api.call('POST', `/api/payments/test/${sessionId}`, { token: user.token, body: { action: 'pay' } });
  await shop.db.db.updateTable('orders').set({ not_at_home_at: new Date().toISOString() }).where('id', '=', orderId).execute();
  const before = await detail(user, orderId);
  expect(before.deliveryPrice).toBeGreaterThan(0);
  expect(cents(before.payment.refundIfCancelled)).toBe(cents(before.payment.amount) - cents(before.deliveryPrice));
  expect((await shop.api.call('POST', `/api/backend/orders/${orderId}/cancel`, { token: user.token })).status).toBe(200);
  const after = await detail(user, orderId);
  expect(cents(after.payment.pendingRefundAmount + after.payment.refundedAmount)).toBe(cents(before.payment.refundIfCancelled));
});

test('nothing paid (awaiting online, or paid on visit): nothing is promised', async () => {
  const online = await place('online');
  expect((await detail(online.user, online.orderId)).payment.refundIfCancelled).toBe(0);
  const onVisit = await place('on_visit');
  expect((await detail(onVisit.user, onVisit.orderId)).payment.refundIfCancelled).toBe(0);
});

test('too late to cancel: no promise at all', async () => {
  const { user, orderId, sessionId } = await place('online');
  await shop.api.call('POST', `/api/payments/test/${sessionId}`, { token: user.token, body: { action: 'pay' } });
  // The visit is now 12 hours away: past the patient's 24 h limit.
  const order = await shop.db.db.selectFrom('orders').select('slot_id').where('id', '=', orderId).executeTakeFirstOrThrow();
  const start = new Date(Date.now() + 12 * 3600_000);
  await shop.db.db.updateTable('nurse_slots').set({ start_at: start.toISOString(), end_at: new Date(start.getTime() + 3600_000).toISOString() }).where('id', '=', order.slot_id).execute();
  const d = await detail(user, orderId);
  expect(d.canChangeVisit).toBe(false);
  expect(d.payment.refundIfCancelled).toBeNull();
});
