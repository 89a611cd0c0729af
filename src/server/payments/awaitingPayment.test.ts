import { setUpShopSuite } from '../testing/shopSuite';
import { createFixturePatient, createFixtureSlot, createFixtureUser, type FixtureUser } from '../testing/shopFixtures';
import { readOutbox } from '@/server/testing/outbox';
import { getConfig } from '../config';
import { runJobsOnce } from '@/server/jobList';
import { listJobsByKey } from '../jobs/queue';
import { JOB } from '../jobs/specs';
import { mailIfAwaiting } from './awaiting';

/**
 * An order left unpaid (the payer pressed "Leave" or closed the tab): `payment.payBy` says until when
 * it can be paid, a mail "your order awaits payment" carries the link and that deadline once, and a
 * declined payment is mailed once per attempt. On SQLite and PostgreSQL.
 */
const shop = setUpShopSuite();
const SECRET = 'test-secret-of-this-suite-0123456789';

beforeAll(() => {
  getConfig().payments = { providers: { test: { secret: SECRET } }, holdMinutes: 30 };
});

async function placed(locale: string | null = null): Promise<{ user: FixtureUser; orderId: number; sessionId: string; number: string }> {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(shop.db.db, user.id);
  await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna] } });
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 3, 3);
  const res = await shop.api.call('POST', '/api/order/create', {
    token: user.token,
    headers: { 'Accept-Language': locale ?? 'en' },
    body: { laboratoryId: 'fx-waw', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Prosta 5' } },
  });
  expect(res.status).toBe(200);
  const sessionId = /\/payments\/test\/(.+)$/.exec(res.body.redirectUrl as string)![1]!;
  const number = (await shop.api.call('GET', `/api/order/${res.body.orderId}`, { token: user.token })).body.number as string;
  return { user, orderId: res.body.orderId as number, sessionId, number };
}

const paymentOf = async (user: FixtureUser, orderId: number) => (await shop.api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token })).body.payment;
const mailsTo = (email: string) => readOutbox(getConfig().outboxDir).filter((m) => m.to === email);
/** 16:25 in Warsaw of an instant, as the mail writes it. */
const warsawTime = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

test('payBy: the hold\'s deadline while awaiting and after a decline, none once paid', async () => {
  const before = Date.now();
  const { user, orderId, sessionId } = await placed();
  const awaiting = await paymentOf(user, orderId);
  expect(awaiting.status).toBe('awaiting');
  const payBy = Date.parse(awaiting.payBy as string);
  expect(payBy).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
  expect(payBy).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000);

  await shop.api.call('POST', `/api/payments/test/${sessionId}`, { token: user.token, body: { action: 'decline' } });
  const failed = await paymentOf(user, orderId);
  expect(failed).toMatchObject({ status: 'failed', payBy: awaiting.payBy });

  const retry = await shop.api.call('POST', `/api/backend/orders/${orderId}/pay`, { token: user.token });
  const next = /\/payments\/test\/(.+)$/.exec(retry.body.redirectUrl as string)![1]!;
  // A new attempt does not move the deadline: the hold is the order's.
  expect((await paymentOf(user, orderId)).payBy).toBe(awaiting.payBy);
  await shop.api.call('POST', `/api/payments/test/${next}`, { token: user.token, body: { action: 'pay' } });
  expect(await paymentOf(user, orderId)).toMatchObject({ status: 'paid', payBy: null });
});

test('an order paid on visit has no deadline', async () => {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(shop.db.db, user.id);
  await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna] } });
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 3, 4);
  const res = await shop.api.call('POST', '/api/order/create', {
    token: user.token,
    body: { laboratoryId: 'fx-waw', paymentMethod: 'on_visit', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Prosta 5' } },
  });
  expect(await paymentOf(user, res.body.orderId as number)).toMatchObject({ status: 'on_visit', payBy: null });
});

test('the order still unpaid gets "your order awaits payment" once, with the link and the deadline', async () => {
  const { user, orderId, number } = await placed();
  // The placing scheduled the mail for later (before the hold ends).
  const jobs = await listJobsByKey(shop.db.db, JOB.paymentAwaiting, [`order:${orderId}:`]);
  expect(jobs).toHaveLength(1);
  const runAt = Date.parse(jobs[0]!.runAt);
  const { payBy } = await paymentOf(user, orderId);
  expect(runAt).toBeLessThan(Date.parse(payBy));
  expect(runAt).toBeGreaterThan(Date.now());

  expect(await mailIfAwaiting(shop.db.db, orderId)).toBe(true);
  expect(await mailIfAwaiting(shop.db.db, orderId)).toBe(true);
  await runJobsOnce(shop.db.db);
  const mails = mailsTo(user.email).filter((m) => m.subject === `Order ${number} awaits payment`);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.text).toContain(`Pay on your order page: ${getConfig().appUrl}/orders/${orderId}`);
  expect(mails[0]!.text).toContain(`Pay by `);
  expect(mails[0]!.text).toContain(warsawTime(payBy));
  expect(mails[0]!.text).toContain('or the visit is released');
});

test('a paid order gets no "awaits payment" mail', async () => {
  const { user, orderId, sessionId, number } = await placed();
  await shop.api.call('POST', `/api/payments/test/${sessionId}`, { token: user.token, body: { action: 'pay' } });
  expect(await mailIfAwaiting(shop.db.db, orderId)).toBe(false);
  await runJobsOnce(shop.db.db);
  expect(mailsTo(user.email).filter((m) => m.subject.includes('awaits payment')).map((m) => m.subject)).toEqual([]);
  expect(mailsTo(user.email).map((m) => m.subject)).toContain(`Payment received for order ${number}`);
});

test.each([
  ['en', 'The payment for order', 'did not go through'],
  ['ru', 'Оплата заказа', 'не прошла'],
  ['pl', 'Płatność za zamówienie', 'nie powiodła się'],
])('a declined payment is mailed once per attempt, with the way to pay again (%s)', async (locale, subject, body) => {
  const { user, orderId, sessionId } = await placed(locale);
  await shop.api.call('POST', `/api/payments/test/${sessionId}`, { token: user.token, body: { action: 'decline' } });
  // The operator repeats its notification: still one mail.
  await shop.api.call('POST', `/api/payments/test/${sessionId}`, { token: user.token, body: { action: 'decline' } });
  const { payBy } = await paymentOf(user, orderId);
  await runJobsOnce(shop.db.db);
  const failed = mailsTo(user.email).filter((m) => m.subject.startsWith(subject));
  expect(failed).toHaveLength(1);
  expect(failed[0]!.text).toContain(body);
  expect(failed[0]!.text).toContain(`${getConfig().appUrl}/orders/${orderId}`);
  expect(failed[0]!.text).toContain(warsawTime(payBy));
});
