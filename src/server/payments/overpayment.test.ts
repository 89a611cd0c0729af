import { setUpShopSuite } from '../testing/shopSuite';
import { createFixturePatient, createFixtureSlot, createFixtureUser, type FixtureUser } from '../testing/shopFixtures';
import { createUser } from '../testing/orderFixtures';
import { startFakeP24, type FakeP24 } from '../testing/fakeP24';
import { getConfig } from '../config';
import { runJobsOnce } from '@/server/jobList';
import { expireOrder } from './hold';
import type { PaymentDto } from '@/shared/types/payment';

/**
 * The money invariant against a fake Przelewy24 (SQLite, and PostgreSQL with DATABASE_URL): a second
 * paid attempt, a payment after a full refund and a payment after expiry are recorded and refunded at
 * once, from that attempt, and the order's status never moves backwards.
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

async function placeOrder(): Promise<{ user: FixtureUser; orderId: number; first: string }> {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(shop.db.db, user.id, { firstName: 'Anna' });
  expect((await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna] } })).body.status).toBe('added');
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 3, 3);
  const res = await shop.api.call('POST', '/api/order/create', {
    token: user.token,
    body: { laboratoryId: 'fx-waw', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Prosta 5' } },
  });
  expect(res.status).toBe(200);
  return { user, orderId: res.body.orderId as number, first: sessionOf(res.body.redirectUrl as string) };
}

const sessionOf = (redirectUrl: string) => [...p24.sessions.entries()].find(([, s]) => redirectUrl.endsWith(`/trnRequest/${s.token}`))?.[0] as string;
const payment = async (user: FixtureUser, orderId: number) => (await shop.api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token })).body.payment as PaymentDto;
const notify = (body: unknown) => shop.api.call('POST', '/api/payments/p24/status', { body });
const refundsOf = (session: string) => p24.refunds.filter((r) => r.refunds[0]?.sessionId === session);
async function newAttempt(user: FixtureUser, orderId: number): Promise<string> {
  const res = await shop.api.call('POST', `/api/backend/orders/${orderId}/pay`, { token: user.token });
  expect(res.status).toBe(200);
  return sessionOf(res.body.redirectUrl as string);
}
/** Runs the refund jobs and settles every refund the operator was asked for and not yet notified of. */
const settled = new Set<string>();
async function settleRefunds(): Promise<void> {
  await runJobsOnce(shop.db.db);
  for (const r of p24.refunds) {
    if (settled.has(r.refundsUuid)) continue;
    settled.add(r.refundsUuid);
    expect((await shop.api.call('POST', '/api/payments/p24/refund-status', { body: p24.refundNotification(r.refundsUuid) })).status).toBe(200);
  }
}
async function ledger(orderId: number) {
  const attempts = await shop.db.db.selectFrom('payment_attempts').select(['status', 'amount_minor']).where('order_id', '=', orderId).execute();
  const refunds = await shop.db.db.selectFrom('payment_refunds').select(['status', 'amount_minor', 'attempt_id', 'kind']).where('order_id', '=', orderId).execute();
  const order = await shop.db.db.selectFrom('orders').select(['paid_minor', 'refunded_minor', 'payment_status', 'total_minor']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const paid = attempts.filter((a) => a.status === 'paid').reduce((n, a) => n + a.amount_minor, 0);
  const refunded = refunds.filter((r) => r.status === 'done').reduce((n, r) => n + r.amount_minor, 0);
  return { order, paid, refunded, kept: paid - refunded, refunds };
}

test('two attempts paid (two tabs): both recorded, the second refunded at once in full from its own attempt; the page data says so', async () => {
  const { user, orderId, first } = await placeOrder();
  const second = await newAttempt(user, orderId);
  expect((await notify(p24.notification(second))).status).toBe(200);
  expect((await notify(p24.notification(first))).status).toBe(200);
  expect((await notify(p24.notification(first))).status).toBe(200);
  const p = await payment(user, orderId);
  expect(p.status).toBe('paid');
  expect(p.attempts).toEqual([
    { id: expect.any(Number), status: 'paid', amount: p.amount, paidAt: expect.any(String) },
    { id: expect.any(Number), status: 'paid', amount: p.amount, paidAt: expect.any(String) },
  ]);
  expect(p.overpaidRefund).toEqual({ amount: p.amount, status: 'pending' });
  expect(p.pendingRefundAmount).toBe(p.amount);
  await settleRefunds();
  expect(refundsOf(first)).toHaveLength(1);
  expect(refundsOf(first)[0]!.refunds[0]!.amount).toBe(Math.round(p.amount * 100));
  expect(refundsOf(second)).toHaveLength(0);
  const after = await payment(user, orderId);
  expect(after).toMatchObject({ status: 'paid', overpaidRefund: { amount: p.amount, status: 'done' }, pendingRefundAmount: 0 });
  const l = await ledger(orderId);
  expect(l.order.paid_minor).toBe(2 * l.order.total_minor);
  expect(l.kept).toBe(l.order.total_minor);
});

test('the review\'s case: paid twice, staff refund 0.01 and 20.00, the patient cancels: all of both payments goes back, the order is refunded', async () => {
  const { user, orderId, first } = await placeOrder();
  const second = await newAttempt(user, orderId);
  await notify(p24.notification(second));
  await notify(p24.notification(first));
  const staff = await createUser(shop.db.db, { role: 'staff', staffLaboratoryId: 'fx-waw' });
  for (const amount of [0.01, 20]) {
    expect((await shop.api.call('POST', `/api/backend/staff/orders/${orderId}/refund`, { token: staff.token, body: { amount, reason: 'Tube broken' } })).status).toBe(200);
  }
  await settleRefunds();
  expect((await payment(user, orderId)).status).toBe('partially_refunded');
  expect((await shop.api.call('POST', `/api/backend/orders/${orderId}/cancel`, { token: user.token })).status).toBe(200);
  await settleRefunds();
  const l = await ledger(orderId);
  expect(l.paid).toBe(2 * l.order.total_minor);
  expect(l.refunded).toBe(l.paid);
  expect(l.order).toMatchObject({ payment_status: 'refunded', paid_minor: l.paid, refunded_minor: l.paid });
  // Every refund fits in the attempt it is taken from.
  const byAttempt = new Map<number, number>();
  for (const r of l.refunds) byAttempt.set(r.attempt_id, (byAttempt.get(r.attempt_id) ?? 0) + r.amount_minor);
  expect([...byAttempt.values()].every((n) => n <= l.order.total_minor)).toBe(true);
});

test('a payment after a full refund: recorded and refunded, the order stays "refunded"', async () => {
  const { user, orderId, first } = await placeOrder();
  const second = await newAttempt(user, orderId);
  await notify(p24.notification(second));
  expect((await shop.api.call('POST', `/api/backend/orders/${orderId}/cancel`, { token: user.token })).status).toBe(200);
  await settleRefunds();
  expect((await payment(user, orderId)).status).toBe('refunded');
  expect((await notify(p24.notification(first))).status).toBe(200);
  const p = await payment(user, orderId);
  expect(p).toMatchObject({ status: 'refunded', overpaidRefund: { amount: p.amount, status: 'pending' } });
  await settleRefunds();
  expect(refundsOf(first)).toHaveLength(1);
  const l = await ledger(orderId);
  expect(l.kept).toBe(0);
  expect(l.order.payment_status).toBe('refunded');
});

test('a payment after the hold expired: refunded in full, the order stays expired', async () => {
  const { user, orderId, first } = await placeOrder();
  expect(await expireOrder(shop.db.db, orderId)).toBe(true); // the operator holds no payment yet
  expect((await notify(p24.notification(first))).status).toBe(200);
  const p = await payment(user, orderId);
  expect(p).toMatchObject({ status: 'expired', overpaidRefund: { amount: p.amount, status: 'pending' } });
  await settleRefunds();
  expect(await ledger(orderId)).toMatchObject({ kept: 0, order: { payment_status: 'expired' } });
});
