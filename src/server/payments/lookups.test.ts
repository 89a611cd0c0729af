import { setUpShopSuite } from '../testing/shopSuite';
import { createFixturePatient, createFixtureSlot, createFixtureUser, type FixtureUser } from '../testing/shopFixtures';
import { startFakeP24, type FakeP24 } from '../testing/fakeP24';
import { getConfig } from '../config';
import { runJobsOnce } from '@/server/jobList';
import { listJobsByKey } from '../jobs/queue';
import { backoffSeconds, JOB, specOf } from '../jobs/specs';
import { paymentRefundCheckJob, REFUND_CHECK_AFTER_MS } from './refunds';
import { expireOrder } from './hold';
import type { PaymentDto } from '@/shared/types/payment';

/**
 * Nothing lost between the shop and the operator (fake Przelewy24; SQLite, and PostgreSQL with
 * DATABASE_URL): before the hold expires the operator is asked for each attempt's transaction, and a
 * refund never notified is looked up again with backoff.
 */
const shop = setUpShopSuite();
let p24: FakeP24;

beforeAll(async () => {
  p24 = await startFakeP24();
  getConfig().payments = { providers: { p24: { baseUrl: p24.baseUrl, merchantId: p24.merchantId, posId: p24.posId, apiKey: p24.apiKey, crc: p24.crc } }, holdMinutes: 30 };
});
afterAll(async () => {
  await p24?.close();
});

const sessionOf = (redirectUrl: string) => [...p24.sessions.entries()].find(([, s]) => redirectUrl.endsWith(`/trnRequest/${s.token}`))?.[0] as string;
const payment = async (user: FixtureUser, orderId: number) => (await shop.api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token })).body.payment as PaymentDto;

async function placeOrder() {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(shop.db.db, user.id, { firstName: 'Anna' });
  await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna] } });
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 3, 3);
  const res = await shop.api.call('POST', '/api/order/create', {
    token: user.token,
    body: { laboratoryId: 'fx-waw', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Prosta 5' } },
  });
  expect(res.status).toBe(200);
  const booked = async () => (await shop.db.db.selectFrom('nurse_slots').select('booked').where('id', '=', slot.id).executeTakeFirstOrThrow()).booked;
  return { user, orderId: res.body.orderId as number, first: sessionOf(res.body.redirectUrl as string), booked };
}

test('paid at the operator, the notification lost: the hold finds the payment, verifies and records it, and the order keeps its visit', async () => {
  const { user, orderId, first, booked } = await placeOrder();
  p24.pay(first);
  expect(await expireOrder(shop.db.db, orderId)).toBe(false);
  expect(p24.lookups).toContain(`/api/v1/transaction/by/sessionId/${encodeURIComponent(first)}`);
  expect(p24.verifications.filter((v) => v.sessionId === first)).toHaveLength(1);
  const detail = (await shop.api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token })).body;
  expect(detail.status).not.toBe('cancelled');
  expect(detail.payment).toMatchObject({ status: 'paid' });
  expect(await booked()).toBe(1);
});

test('an older attempt paid at the operator (a second tab) while the newer one waits: found by the hold and counted once', async () => {
  const { user, orderId, first } = await placeOrder();
  const again = await shop.api.call('POST', `/api/backend/orders/${orderId}/pay`, { token: user.token });
  const second = sessionOf(again.body.redirectUrl as string);
  p24.pay(first);
  expect(await expireOrder(shop.db.db, orderId)).toBe(false);
  const p = await payment(user, orderId);
  expect(p.status).toBe('paid');
  expect(p.attempts?.map((a) => a.status)).toEqual(['paid', 'failed']);
  expect(p.overpaidRefund).toBeUndefined();
  // The newer one paid later after all: refunded at once.
  expect((await shop.api.call('POST', '/api/payments/p24/status', { body: p24.notification(second) })).status).toBe(200);
  expect((await payment(user, orderId)).overpaidRefund).toEqual({ amount: p.amount, status: 'pending' });
});

test('nothing paid at the operator: the order expires; the operator unreachable: the hold waits (the job retries), nothing expires', async () => {
  const a = await placeOrder();
  p24.down = true;
  await expect(expireOrder(shop.db.db, a.orderId)).rejects.toThrow(/Przelewy24/);
  p24.down = false;
  expect((await payment(a.user, a.orderId)).status).toBe('awaiting');
  expect(await a.booked()).toBe(1);
  expect(await expireOrder(shop.db.db, a.orderId)).toBe(true);
  expect((await payment(a.user, a.orderId)).status).toBe('expired');
  expect(await a.booked()).toBe(0);
});

test('a refund never notified is looked up again with backoff and settles from the operator\'s answer', async () => {
  const { user, orderId, first } = await placeOrder();
  expect((await shop.api.call('POST', '/api/payments/p24/status', { body: p24.notification(first) })).status).toBe(200);
  expect((await shop.api.call('POST', `/api/backend/orders/${orderId}/cancel`, { token: user.token })).status).toBe(200);
  await runJobsOnce(shop.db.db);
  const request = p24.refunds.find((r) => r.refunds[0]?.sessionId === first)!;
  expect(request).toBeDefined();
  const lookupsOf = () => p24.lookups.filter((l) => l === `/api/v1/refund/by/orderId/${request.refunds[0]!.orderId}`).length;
  // The lookup is scheduled a quarter of an hour after the request, and not run before.
  const [job] = await listJobsByKey(shop.db.db, JOB.paymentRefundCheck, ['refund:']).then((jobs) => jobs.filter((j) => j.state === 'pending'));
  expect(Date.parse(job!.runAt) - Date.now()).toBeGreaterThan(REFUND_CHECK_AFTER_MS - 60_000);
  await runJobsOnce(shop.db.db);
  expect(lookupsOf()).toBe(0);
  // Due while the operator says pending: the run fails, so the queue asks again later, each delay doubled.
  const refundId = (await shop.db.db.selectFrom('payment_refunds').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow()).id;
  const run = () => paymentRefundCheckJob.handler({ refundId }, { db: shop.db.db, id: job!.id, attempt: 1, now: new Date() });
  await expect(run()).rejects.toThrow(/not settled/);
  expect(lookupsOf()).toBe(1);
  expect((await payment(user, orderId)).status).toBe('paid');
  expect([1, 2, 3].map((n) => backoffSeconds(specOf(JOB.paymentRefundCheck), n))).toEqual([600, 1200, 2400]);
  // Completed at the operator: the next lookup settles it, once.
  p24.refundStates.set(request.requestId, 1);
  await run();
  await run();
  expect(lookupsOf()).toBe(2);
  const p = await payment(user, orderId);
  expect(p).toMatchObject({ status: 'refunded', refundedAmount: p.amount, pendingRefundAmount: 0 });
  // The notification arriving late after all changes nothing.
  expect((await shop.api.call('POST', '/api/payments/p24/refund-status', { body: p24.refundNotification(request.refundsUuid) })).status).toBe(200);
  expect((await payment(user, orderId)).refundedAmount).toBe(p.amount);
});
