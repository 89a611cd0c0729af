import { setUpShopSuite } from '../testing/shopSuite';
import { createFixturePatient, createFixtureSlot, createFixtureUser, type FixtureUser } from '../testing/shopFixtures';
import { createUser } from '../testing/orderFixtures';
import { startFakeP24, type FakeP24 } from '../testing/fakeP24';
import { getConfig } from '../config';
import { runJobsOnce } from '@/server/jobList';
import { expireOrder } from './hold';
import type { PaymentDto } from '@/shared/types/payment';

/**
 * The shop against a fake Przelewy24 on loopback HTTP (runs on SQLite, and on PostgreSQL with
 * DATABASE_URL): register, notifications (forged, repeated, parallel), verify once, the operator down
 * at register, the hold's expiry, refunds by the rule and their notifications.
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

async function cartUser(): Promise<FixtureUser> {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(shop.db.db, user.id, { firstName: 'Anna' });
  const res = await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna] } });
  expect(res.body.status).toBe('added');
  return user;
}

async function order(user: FixtureUser, extra: Record<string, unknown> = {}, laboratoryId = 'fx-waw', daysAhead = 3) {
  const slot = await createFixtureSlot(shop.db.db, laboratoryId, 3, daysAhead);
  const res = await shop.api.call('POST', '/api/order/create', {
    token: user.token,
    body: { laboratoryId, nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Prosta 5' }, ...extra },
  });
  return { res, slot };
}

const payment = async (user: FixtureUser, orderId: number) => (await shop.api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token })).body.payment as PaymentDto;
const sessionOf = (redirectUrl: string) => [...p24.sessions.entries()].find(([, s]) => redirectUrl.endsWith(`/trnRequest/${s.token}`))?.[0] as string;
const notify = (body: unknown) => shop.api.call('POST', '/api/payments/p24/status', { body });
const mails = async (orderId: number, kind: string) => {
  const o = await shop.db.db.selectFrom('orders').select('number').where('id', '=', orderId).executeTakeFirstOrThrow();
  const rows = await shop.db.db.selectFrom('mail_outbox').select(['kind', 'subject']).where('kind', '=', kind).execute();
  return rows.filter((r) => r.subject.includes(o.number)).length;
};

async function paidOrder() {
  const user = await cartUser();
  const { res, slot } = await order(user);
  const orderId = res.body.orderId as number;
  const session = sessionOf(res.body.redirectUrl as string);
  expect((await notify(p24.notification(session))).status).toBe(200);
  return { user, orderId, session, slot };
}

test('order/create registers the payment with a valid sign and sends the payer to the operator; the order awaits it', async () => {
  const user = await cartUser();
  const { res } = await order(user);
  expect(res.status).toBe(200);
  expect(res.body.redirectUrl).toMatch(new RegExp(`^${p24.baseUrl}/trnRequest/TOKEN`));
  const session = sessionOf(res.body.redirectUrl as string);
  const total = (await shop.api.call('GET', `/api/order/${res.body.orderId as number}`, { token: user.token })).body.total as number;
  expect(p24.sessions.get(session)?.amount).toBe(Math.round(total * 100));
  expect(await payment(user, res.body.orderId as number)).toMatchObject({ method: 'online', status: 'awaiting', amount: total, currency: 'PLN', refundedAmount: 0, paidAt: null, pendingRefundAmount: 0, attempts: [{ id: expect.any(Number), status: 'registered', amount: total, paidAt: null }] });
  expect(p24.refused).toEqual([]);
});

test('a wrong sign, an unknown session, another amount or currency: 400, nothing changes, counted as security events', async () => {
  const user = await cartUser();
  const { res } = await order(user);
  const orderId = res.body.orderId as number;
  const session = sessionOf(res.body.redirectUrl as string);
  const good = p24.notification(session);
  const forged = [
    { ...good, sign: 'a'.repeat(96) },
    p24.notification(session, { amount: (good.amount as number) - 1 }),
    p24.notification(session, { sessionId: 'o1-unknown' }),
    { ...good, currency: 'EUR' },
  ];
  for (const body of forged) {
    const r = await notify(body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('payment_notification_refused');
  }
  expect((await payment(user, orderId)).status).toBe('awaiting');
  expect(p24.verifications.filter((v) => v.sessionId === session)).toHaveLength(0);
  // Forged (wrong sign) refusals are counted in security_events, not written to the audit trail.
  const audits = await shop.db.db.selectFrom('audit_events').select('detail').where('action', '=', 'payment_rejected').execute();
  expect(audits).toEqual([]);
  const events = await shop.db.db.selectFrom('security_events').select(['key', 'count']).where('action', '=', 'payment_notification_refused').execute();
  expect(events.reduce((n, e) => n + e.count, 0)).toBeGreaterThanOrEqual(4);
  expect(events.map((e) => e.key).join(' ')).not.toContain(p24.crc);
});

test('300 forged notifications (payments and refunds) add a handful of security_events rows and no audit row; the staff page lists them with their reason', async () => {
  const auditBefore = (await shop.db.db.selectFrom('audit_events').select('id').execute()).length;
  const eventsBefore = (await shop.db.db.selectFrom('security_events').select('id').execute()).length;
  for (let i = 0; i < 300; i++) {
    const path = i % 3 === 2 ? '/api/payments/p24/refund-status' : '/api/payments/p24/status';
    const r = await shop.api.call('POST', path, { body: i % 2 ? { junk: i } : { merchantId: p24.merchantId, posId: p24.posId, sessionId: `o${i}-x`, amount: 1, originAmount: 1, currency: 'PLN', orderId: i, methodId: 1, statement: 's', sign: 'c'.repeat(96) } });
    expect(r.status).toBe(400);
  }
  expect((await shop.db.db.selectFrom('audit_events').select('id').execute()).length).toBe(auditBefore);
  const added = (await shop.db.db.selectFrom('security_events').select('id').execute()).length - eventsBefore;
  expect(added).toBeGreaterThan(0);
  expect(added).toBeLessThanOrEqual(6);
  const staff = await createUser(shop.db.db, { role: 'staff', staffLaboratoryId: 'fx-waw' });
  const list = await shop.api.call('GET', '/api/backend/staff/security-events?action=payment_notification_refused', { token: staff.token });
  expect(list.status).toBe(200);
  expect(list.body).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'payment_notification_refused', reason: 'p24: wrong sign or malformed', count: expect.any(Number) })]));
  expect((list.body as { count: number }[]).reduce((n, e) => n + e.count, 0)).toBeGreaterThanOrEqual(200);
});

test('the same notification 3 times and 3 at once: verified once, paid once, one mail', async () => {
  const user = await cartUser();
  const { res } = await order(user);
  const orderId = res.body.orderId as number;
  const session = sessionOf(res.body.redirectUrl as string);
  const body = p24.notification(session);
  const parallel = await Promise.all([notify(body), notify(body), notify(body)]);
  expect(parallel.map((r) => r.status)).toEqual([200, 200, 200]);
  for (let i = 0; i < 3; i++) expect((await notify(body)).status).toBe(200);
  expect(p24.verifications.filter((v) => v.sessionId === session)).toHaveLength(1);
  const p = await payment(user, orderId);
  expect(p.status).toBe('paid');
  expect(p.paidAt).not.toBeNull();
  expect(await mails(orderId, 'payment.paid')).toBe(1);
});

test('the operator down at register: the order is kept (503 payment_unavailable with its id); POST orders/{id}/pay starts a new attempt', async () => {
  const user = await cartUser();
  p24.down = true;
  const { res } = await order(user);
  p24.down = false;
  expect(res.status).toBe(503);
  expect(res.body.code).toBe('payment_unavailable');
  const orderId = res.body.orderId as number;
  expect(orderId).toBeGreaterThan(0);
  expect((await payment(user, orderId)).status).toBe('awaiting');
  const retry = await shop.api.call('POST', `/api/backend/orders/${orderId}/pay`, { token: user.token });
  expect(retry.status).toBe(200);
  expect(retry.body).toEqual({ orderId, redirectUrl: expect.stringMatching(/\/trnRequest\/TOKEN/) });
  const other = await createFixtureUser(shop.db.db);
  expect((await shop.api.call('POST', `/api/backend/orders/${orderId}/pay`, { token: other.token })).status).toBe(404);
  expect((await notify(p24.notification(sessionOf(retry.body.redirectUrl as string)))).status).toBe(200);
  expect((await shop.api.call('POST', `/api/backend/orders/${orderId}/pay`, { token: user.token })).body.code).toBe('payment_not_awaited');
});

test('the patient cancels a paid order: the whole total is refunded by the job and settled by the refund notification', async () => {
  const { user, orderId, session } = await paidOrder();
  expect((await shop.api.call('POST', `/api/backend/orders/${orderId}/cancel`, { token: user.token })).status).toBe(200);
  const before = await payment(user, orderId);
  expect(before.pendingRefundAmount).toBe(before.amount);
  await runJobsOnce(shop.db.db);
  const request = p24.refunds.find((r) => r.refunds[0]?.sessionId === session);
  expect(request?.refunds[0]?.amount).toBe(Math.round(before.amount * 100));
  expect(request?.urlStatus).toMatch(/\/api\/payments\/p24\/refund-status$/);
  const settle = p24.refundNotification(request!.refundsUuid);
  expect((await shop.api.call('POST', '/api/payments/p24/refund-status', { body: { ...settle, sign: 'b'.repeat(96) } })).status).toBe(400);
  expect((await shop.api.call('POST', '/api/payments/p24/refund-status', { body: settle })).status).toBe(200);
  expect((await shop.api.call('POST', '/api/payments/p24/refund-status', { body: settle })).status).toBe(200);
  const after = await payment(user, orderId);
  expect(after).toMatchObject({ status: 'refunded', refundedAmount: before.amount, pendingRefundAmount: 0 });
  expect(await mails(orderId, 'payment.refundStarted')).toBe(1);
  expect(await mails(orderId, 'payment.refundDone')).toBe(1);
});

test('staff refund part with a reason, never more than is left; other laboratories get 404', async () => {
  const { user, orderId } = await paidOrder();
  const staff = await createUser(shop.db.db, { role: 'staff', staffLaboratoryId: 'fx-waw' });
  const otherStaff = await createUser(shop.db.db, { role: 'staff', staffLaboratoryId: 'fx-ber' });
  const total = (await payment(user, orderId)).amount;
  const refund = (token: string, body: object) => shop.api.call('POST', `/api/backend/staff/orders/${orderId}/refund`, { token, body });
  expect((await refund(otherStaff.token, { amount: 1, reason: 'x' })).status).toBe(404);
  expect((await refund(staff.token, { amount: 1 })).body.fields).toHaveProperty('reason');
  expect((await refund(staff.token, { amount: total + 0.01, reason: 'Too much' })).body.fields).toHaveProperty('amount');
  const ok = await refund(staff.token, { amount: 5, reason: 'Ferritin could not be done' });
  expect(ok.status).toBe(200);
  expect(ok.body).toMatchObject({ status: 'paid', pendingRefundAmount: 5 });
  expect((await refund(staff.token, { amount: total - 4.99, reason: 'Too much' })).status).toBe(400);
  await runJobsOnce(shop.db.db);
  const request = p24.refunds.find((r) => r.refunds[0]?.amount === 500 && r.refunds[0]?.description === 'Ferritin could not be done');
  expect((await shop.api.call('POST', '/api/payments/p24/refund-status', { body: p24.refundNotification(request!.refundsUuid) })).status).toBe(200);
  expect(await payment(user, orderId)).toMatchObject({ status: 'partially_refunded', refundedAmount: 5 });
  const audit = await shop.db.db.selectFrom('audit_events').select('detail').where('order_id', '=', orderId).where('action', '=', 'refund_requested').execute();
  expect(audit.map((a) => a.detail)).toEqual([expect.stringContaining('Ferritin could not be done')]);
});

test('the hold expires: the order is cancelled, the slot freed, the patient mailed; a payment notified afterwards is refunded at once', async () => {
  const user = await cartUser();
  const { res, slot } = await order(user);
  const orderId = res.body.orderId as number;
  const session = sessionOf(res.body.redirectUrl as string);
  const booked = async () => (await shop.db.db.selectFrom('nurse_slots').select('booked').where('id', '=', slot.id).executeTakeFirstOrThrow()).booked;
  expect(await booked()).toBe(1);
  expect(await expireOrder(shop.db.db, orderId)).toBe(true);
  expect(await expireOrder(shop.db.db, orderId)).toBe(false);
  expect(await booked()).toBe(0);
  const detail = (await shop.api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token })).body;
  expect(detail.status).toBe('cancelled');
  expect(detail.payment.status).toBe('expired');
  expect(await mails(orderId, 'payment.expired')).toBe(1);
  expect((await notify(p24.notification(session))).status).toBe(200);
  await runJobsOnce(shop.db.db);
  expect(p24.refunds.filter((r) => r.refunds[0]?.sessionId === session)).toHaveLength(1);
  expect((await payment(user, orderId)).pendingRefundAmount).toBe(detail.payment.amount);
});

test('paymentMethod: a bad value and online for a BYN laboratory are 400s naming the field; on_visit needs no operator', async () => {
  const user = await cartUser();
  const bad = await order(user, { paymentMethod: 'card' });
  expect(bad.res.status).toBe(400);
  expect(bad.res.body.fields).toHaveProperty('paymentMethod');
  const slot = await createFixtureSlot(shop.db.db, 'fx-msk', 3, 3);
  const byn = await shop.api.call('POST', '/api/order/create', {
    token: user.token,
    body: { laboratoryId: 'fx-msk', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: { country: 'BY', city: 'Minsk', postalCode: '220005', street: 'Lenina 1' }, paymentMethod: 'online' },
  });
  expect(byn.status).toBe(400);
  expect(byn.body).toMatchObject({ code: 'payment_method_unavailable', fields: { paymentMethod: expect.any(String) } });
  const onVisit = await order(user, { paymentMethod: 'on_visit' });
  expect(onVisit.res.status).toBe(200);
  expect(onVisit.res.body.redirectUrl).toBe(`/order/order-submitted?orderId=${onVisit.res.body.orderId as number}`);
  expect(await payment(user, onVisit.res.body.orderId as number)).toMatchObject({ method: 'on_visit', status: 'on_visit' });
});

test('a slow operator (verify takes 1.5 s) stalls no other request: verify runs outside the write transaction, then the payment is recorded once', async () => {
  const user = await cartUser();
  const { res } = await order(user);
  const orderId = res.body.orderId as number;
  const session = sessionOf(res.body.redirectUrl as string);
  const other = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(shop.db.db, other.id, { firstName: 'Anna' });
  const emma = await createFixturePatient(shop.db.db, other.id, { firstName: 'Emma' });
  // Warm the routes up, so the measure below is of waiting, not of loading.
  await shop.api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token });
  expect((await shop.api.call('POST', '/api/cart/add-to-cart', { token: other.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [emma] } })).body.status).toBe('added');
  p24.verifyDelayMs = 1500;
  try {
    const started = Date.now();
    const pending = Promise.all([notify(p24.notification(session)), notify(p24.notification(session))]);
    await new Promise((r) => setTimeout(r, 200));
    const t0 = Date.now();
    // A read and a write of another patient while the operator thinks.
    const read = await shop.api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token });
    const write = await shop.api.call('POST', '/api/cart/add-to-cart', { token: other.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna] } });
    const otherMs = Date.now() - t0;
    expect(read.status).toBe(200);
    expect(read.body.payment.status).toBe('awaiting');
    expect(write.body.status).toBe('added');
    expect(otherMs).toBeLessThan(800);
    const answers = await pending;
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  } finally {
    p24.verifyDelayMs = 0;
  }
  expect(p24.verifications.filter((v) => v.sessionId === session)).toHaveLength(1);
  expect((await payment(user, orderId)).status).toBe('paid');
  expect(await mails(orderId, 'payment.paid')).toBe(1);
});
