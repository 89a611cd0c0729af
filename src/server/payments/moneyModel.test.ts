import fc from 'fast-check';
import { setUpShopSuite } from '../testing/shopSuite';
import { createFixturePatient, createFixtureSlot, createFixtureUser, type FixtureUser } from '../testing/shopFixtures';
import { createUser } from '../testing/orderFixtures';
import { startFakeP24, type FakeP24 } from '../testing/fakeP24';
import { getConfig } from '../config';
import { runJobsOnce } from '@/server/jobList';
import { expireOrder } from './hold';

/**
 * The money invariant as a model test (docs/payments.md, "One money invariant"; fake Przelewy24; runs on
 * SQLite, and on PostgreSQL with DATABASE_URL): random sequences of new attempts ("try again"),
 * payment notifications (repeated, reordered, late, for any attempt), cancellation by the patient and by
 * the laboratory, staff partial refunds, hold expiry, refund jobs and refund notifications (in any
 * order). After EVERY step, checked against a model kept by the test itself:
 * - paid = the sum of paid attempts, refunded = the sum of settled refunds (the order's columns agree);
 * - what is kept once the refunds asked for settle = what the order owes (its total less staff refunds
 *   while it stands and was paid, 0 when cancelled or expired);
 * - no attempt is refunded more than it brought; the payment status never moves backwards.
 * At the end every refund is performed and notified: kept == owed, nothing pending.
 */
const shop = setUpShopSuite();
let p24: FakeP24;
let staff: FixtureUser;

beforeAll(async () => {
  p24 = await startFakeP24();
  getConfig().payments = { providers: { p24: { baseUrl: p24.baseUrl, merchantId: p24.merchantId, posId: p24.posId, apiKey: p24.apiKey, crc: p24.crc } }, holdMinutes: 30 };
  staff = await createUser(shop.db.db, { role: 'staff', staffLaboratoryId: 'fx-waw' });
});
afterAll(async () => {
  await p24?.close();
});

type Action =
  | { kind: 'tryAgain' }
  | { kind: 'notify'; attempt: number }
  | { kind: 'cancelByPatient' }
  | { kind: 'cancelByStaff' }
  | { kind: 'staffRefund'; part: number }
  | { kind: 'expire' }
  | { kind: 'runJobs' }
  | { kind: 'refundNotify'; which: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'tryAgain' as const }) },
  { weight: 5, arbitrary: fc.nat(3).map((attempt) => ({ kind: 'notify' as const, attempt })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancelByPatient' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancelByStaff' as const }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 60 }).map((part) => ({ kind: 'staffRefund' as const, part })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'runJobs' as const }) },
  { weight: 3, arbitrary: fc.nat(3).map((which) => ({ kind: 'refundNotify' as const, which })) },
);

const RANK: Record<string, number> = { awaiting: 0, failed: 0, paid: 1, partially_refunded: 2, refunded: 3 };
const sessionOf = (redirectUrl: string) => [...p24.sessions.entries()].find(([, s]) => redirectUrl.endsWith(`/trnRequest/${s.token}`))?.[0] as string;

async function placeOrder(): Promise<{ user: FixtureUser; orderId: number; first: string }> {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(shop.db.db, user.id, { firstName: 'Anna' });
  await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna] } });
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 3, 3);
  const res = await shop.api.call('POST', '/api/order/create', {
    token: user.token,
    body: { laboratoryId: 'fx-waw', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Prosta 5' } },
  });
  expect(res.status).toBe(200);
  return { user, orderId: res.body.orderId as number, first: sessionOf(res.body.redirectUrl as string) };
}

async function state(orderId: number) {
  const order = await shop.db.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const attempts = await shop.db.db.selectFrom('payment_attempts').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const refunds = await shop.db.db.selectFrom('payment_refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  return { order, attempts, refunds };
}

async function scenario(actions: Action[]): Promise<void> {
  const { user, orderId, first } = await placeOrder();
  const sessions = [first];
  const notified = new Set<string>();
  // The model: what the order owes, from what the test itself did and saw accepted.
  let ended = false; // cancelled or expired
  let staffRefunded = 0;
  let lastRank = 0;

  const check = async (step: string) => {
    const { order, attempts, refunds } = await state(orderId);
    const paid = attempts.filter((a) => a.status === 'paid').reduce((n, a) => n + a.amount_minor, 0);
    const settled = refunds.filter((r) => r.status === 'done').reduce((n, r) => n + r.amount_minor, 0);
    const asked = refunds.filter((r) => r.status !== 'failed').reduce((n, r) => n + r.amount_minor, 0);
    const owed = ended || paid === 0 ? 0 : order.total_minor - staffRefunded;
    const where = `${step}: paid ${paid}, settled ${settled}, asked ${asked}, owed ${owed}, status ${order.payment_status}`;
    expect({ where, paidColumn: order.paid_minor, refundedColumn: order.refunded_minor }).toEqual({ where, paidColumn: paid, refundedColumn: settled });
    expect({ where, keptOnceSettled: paid - asked }).toEqual({ where, keptOnceSettled: owed });
    for (const a of attempts) {
      const fromIt = refunds.filter((r) => r.attempt_id === a.id && r.status !== 'failed').reduce((n, r) => n + r.amount_minor, 0);
      expect({ where, attempt: a.id, over: fromIt > (a.status === 'paid' ? a.amount_minor : 0) }).toEqual({ where, attempt: a.id, over: false });
    }
    const rank = RANK[order.payment_status];
    if (rank !== undefined) {
      expect({ where, backwards: rank < lastRank }).toEqual({ where, backwards: false });
      lastRank = rank;
    }
    return { order, paid };
  };

  const settleOne = async (which: number) => {
    const mine = p24.refunds.filter((r) => sessions.includes(r.refunds[0]!.sessionId) && !notified.has(r.refundsUuid));
    const r = mine[which % Math.max(1, mine.length)];
    if (!r) return;
    notified.add(r.refundsUuid);
    expect((await shop.api.call('POST', '/api/payments/p24/refund-status', { body: p24.refundNotification(r.refundsUuid) })).status).toBe(200);
  };

  for (const [i, a] of actions.entries()) {
    const before = await state(orderId);
    switch (a.kind) {
      case 'tryAgain': {
        const res = await shop.api.call('POST', `/api/backend/orders/${orderId}/pay`, { token: user.token });
        if (res.status === 200) sessions.push(sessionOf(res.body.redirectUrl as string));
        else expect(res.body.code).toBe('payment_not_awaited');
        break;
      }
      case 'notify':
        expect((await shop.api.call('POST', '/api/payments/p24/status', { body: p24.notification(sessions[a.attempt % sessions.length]!) })).status).toBe(200);
        break;
      case 'cancelByPatient': {
        const res = await shop.api.call('POST', `/api/backend/orders/${orderId}/cancel`, { token: user.token });
        if (res.status === 200) ended = true;
        break;
      }
      case 'cancelByStaff': {
        const res = await shop.api.call('POST', `/api/backend/staff/orders/${orderId}/status`, { token: staff.token, body: { status: 'cancelled' } });
        if (res.status === 200) ended = true;
        break;
      }
      case 'staffRefund': {
        const amount = Math.max(1, Math.floor((before.order.total_minor * a.part) / 100)) / 100;
        const res = await shop.api.call('POST', `/api/backend/staff/orders/${orderId}/refund`, { token: staff.token, body: { amount, reason: 'Model test' } });
        if (res.status === 200) staffRefunded += Math.round(amount * 100);
        else expect([400, 409]).toContain(res.status);
        break;
      }
      case 'expire':
        if (await expireOrder(shop.db.db, orderId)) ended = true;
        break;
      case 'runJobs':
        await runJobsOnce(shop.db.db);
        break;
      case 'refundNotify':
        await settleOne(a.which);
        break;
    }
    await check(`step ${i} ${JSON.stringify(a)}`);
  }
  // Every refund performed and notified: what is kept is what is owed.
  await runJobsOnce(shop.db.db);
  for (let n = 0; n < 20; n++) await settleOne(0);
  const { order, paid } = await check('end');
  const settled = (await state(orderId)).refunds.filter((r) => r.status === 'done').reduce((s, r) => s + r.amount_minor, 0);
  expect(paid - settled).toBe(ended || paid === 0 ? 0 : order.total_minor - staffRefunded);
  expect((await state(orderId)).refunds.filter((r) => r.status === 'pending' || r.status === 'requested')).toEqual([]);
}

// 30 runs on SQLite, 20 on PostgreSQL (its job queue is slower), each of up to 12 steps; a fixed seed
// (MONEY_MODEL_SEED, MONEY_MODEL_RUNS to explore further).
test('random sequences of payments, retries, cancellations, refunds and expiry keep the money invariant after every step', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), (actions) => scenario(actions)),
    { numRuns: Number(process.env.MONEY_MODEL_RUNS ?? (process.env.DATABASE_URL ? 20 : 30)), seed: Number(process.env.MONEY_MODEL_SEED ?? 20261128), endOnFailure: true },
  );
}, 240_000);
