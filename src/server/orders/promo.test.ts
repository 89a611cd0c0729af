import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setUpShopSuite } from '@/server/testing/shopSuite';
import { createFixturePatient, createFixtureSlot, createFixtureUser, type FixtureUser } from '@/server/testing/shopFixtures';
import { openDb } from '@/server/db/createDb';
import { createPromo } from './promo';
import type { PromoQuoteDto } from '@/shared/types/api';
import type { ShopOrderDto } from '@/shared/types/order';

const shop = setUpShopSuite();

let n = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++n}`;

async function cartUser(): Promise<FixtureUser> {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(shop.db.db, user.id, { firstName: 'Anna' });
  const res = await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna] } });
  expect(res.body.status).toBe('added');
  return user;
}

const orderBody = (slot: { id: number; start: string }, promoCode?: string) => ({
  laboratoryId: 'fx-waw',
  nurseCheckoutDate: slot.start,
  orderSlotId: slot.id,
  orderAddress: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Prosta 5' },
  feedbackDetails: { useEmail: true, usePhone: false, quickPhone: '' },
  ...(promoCode === undefined ? {} : { promoCode }),
});
const quote = (user: FixtureUser, promoCode: string, laboratoryId = 'fx-waw') => shop.api.call('POST', '/api/order/promo', { token: user.token, body: { laboratoryId, promoCode } });
const cartSize = async (userId: number) => (await shop.db.db.selectFrom('cart_lines').select('analysis_id').where('user_id', '=', userId).execute()).length;

test('a percent code is quoted at the summary and recomputed on the order (the visit fee is not discounted)', async () => {
  const code = uniqueCode('TEN');
  await createPromo(shop.db.db, { code, laboratoryId: 'fx-waw', percent: 10 });
  const user = await cartUser();
  const q = await quote(user, code.toLowerCase());
  expect(q.status).toBe(200);
  const body = q.body as PromoQuoteDto;
  expect(body).toMatchObject({ promoCode: code, currency: 'PLN' });
  expect(body.discount).toBeCloseTo(Math.floor(body.subtotal * 10) / 100, 2);
  expect(body.discount).toBeGreaterThan(0);

  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 2);
  const res = await shop.api.call('POST', '/api/order/create', { token: user.token, body: { ...orderBody(slot, code), discount: 1000 } });
  expect(res.status).toBe(200);
  const order = (await shop.api.call('GET', `/api/order/${res.body.orderId as number}`, { token: user.token })).body as ShopOrderDto;
  expect(order).toMatchObject({ promoCode: code, discount: body.discount, subtotal: body.subtotal, deliveryPrice: 25 });
  expect(order.total).toBeCloseTo(body.subtotal - body.discount + 25, 2);
  const row = await shop.db.db.selectFrom('promo_codes').select('used_count').where('code', '=', code).executeTakeFirstOrThrow();
  expect(row.used_count).toBe(1);
});

test('a fixed amount never takes more than the subtotal', async () => {
  const code = uniqueCode('BIG');
  await createPromo(shop.db.db, { code, laboratoryId: null, amount: 1000 });
  const user = await cartUser();
  const q = (await quote(user, code)).body as PromoQuoteDto;
  expect(q.discount).toBe(q.subtotal);
});

test('unknown, other-laboratory, expired, not-yet-valid and under-minimum codes are 400s naming promoCode; nothing is written', async () => {
  const expired = uniqueCode('OLD');
  const future = uniqueCode('NEW');
  const berlin = uniqueCode('BER');
  const minimum = uniqueCode('MIN');
  await createPromo(shop.db.db, { code: expired, laboratoryId: null, percent: 5, from: '2020-01-01', to: '2020-12-31' });
  await createPromo(shop.db.db, { code: future, laboratoryId: null, percent: 5, from: '2999-01-01' });
  await createPromo(shop.db.db, { code: berlin, laboratoryId: 'fx-ber', percent: 5 });
  await createPromo(shop.db.db, { code: minimum, laboratoryId: null, percent: 5, minOrder: 100000 });
  const user = await cartUser();
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 2);
  for (const [code, message] of [
    ['NOSUCHCODE', 'Unknown promo code'],
    ['bad code!', 'Unknown promo code'],
    [expired, 'This promo code has expired'],
    [future, 'This promo code is not valid yet'],
    [berlin, 'This promo code is not valid in the chosen laboratory'],
    [minimum, 'The order is below the minimum amount for this promo code'],
  ] as const) {
    const q = await quote(user, code);
    // A code that cannot be one fails the shared schema; the others are refused by the rules.
    expect([q.status, q.body.code, q.body.fields]).toEqual([400, code === 'bad code!' ? 'validation_failed' : 'promo_code_refused', { promoCode: message }]);
    const res = await shop.api.call('POST', '/api/order/create', { token: user.token, body: orderBody(slot, code) });
    expect([res.status, res.body.fields]).toEqual([400, { promoCode: message }]);
  }
  expect(await shop.db.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
  expect(await cartSize(user.id)).toBe(1);
});

test('a per-user limit is a 409 with a clear message, and the cart stays', async () => {
  const code = uniqueCode('ONCE');
  await createPromo(shop.db.db, { code, laboratoryId: 'fx-waw', percent: 20, perUser: 1 });
  const user = await cartUser();
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 4);
  expect((await shop.api.call('POST', '/api/order/create', { token: user.token, body: orderBody(slot, code) })).status).toBe(200);
  const anna = await createFixturePatient(shop.db.db, user.id, { firstName: 'Anna' });
  await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna] } });
  const again = await shop.api.call('POST', '/api/order/create', { token: user.token, body: orderBody(slot, code) });
  expect(again.status).toBe(409);
  expect(again.body).toEqual({ error: 'You have already used this promo code as many times as allowed', code: 'promo_code_user_limit', fields: { promoCode: 'You have already used this promo code as many times as allowed' } });
  expect(await cartSize(user.id)).toBe(1);
});

test('the total usage limit holds under 20 concurrent orders: exactly max-uses succeed, the rest are 409 with carts intact', async () => {
  const code = uniqueCode('RUSH');
  await createPromo(shop.db.db, { code, laboratoryId: 'fx-waw', percent: 15, maxUses: 5 });
  const users = [];
  for (let i = 0; i < 20; i++) users.push(await cartUser());
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 30);
  const results = await Promise.all(users.map((u) => shop.api.call('POST', '/api/order/create', { token: u.token, body: orderBody(slot, code) })));
  const statuses = results.map((r) => r.status).sort();
  expect(statuses.filter((s) => s === 200)).toHaveLength(5);
  expect(statuses.filter((s) => s === 409)).toHaveLength(15);
  for (const r of results.filter((x) => x.status === 409)) expect(r.body).toMatchObject({ error: 'This promo code has been used up', code: 'promo_code_used_up', fields: { promoCode: 'This promo code has been used up' } });
  const promo = await shop.db.db.selectFrom('promo_codes').select(['id', 'used_count']).where('code', '=', code).executeTakeFirstOrThrow();
  expect(promo.used_count).toBe(5);
  expect(await shop.db.db.selectFrom('promo_redemptions').select('id').where('promo_code_id', '=', promo.id).execute()).toHaveLength(5);
  expect(await shop.db.db.selectFrom('orders').select('id').where('promo_code', '=', code).execute()).toHaveLength(5);
  for (const [i, r] of results.entries()) expect(await cartSize((users[i] as FixtureUser).id)).toBe(r.status === 200 ? 0 : 1);
  // The losers' slot places were given back with their transactions.
  expect((await shop.db.db.selectFrom('nurse_slots').select('booked').where('id', '=', slot.id).executeTakeFirstOrThrow()).booked).toBe(5);
});

// The command is exercised on a SQLite file of its own.
const onSqlite = process.env.DATABASE_URL?.startsWith('postgres') ? test.skip : test;
onSqlite('npm run promo:add creates a code from the command line', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-cli-'));
  const file = path.join(dir, 'cli.sqlite');
  const env = { ...process.env, DATABASE_URL: `file:${file}`, SEED_DEMO: 'true' };
  const tsx = path.join(process.cwd(), 'node_modules/tsx/dist/cli.mjs');
  const out = execFileSync(process.execPath, [tsx, 'scripts/promo-add.ts', 'autumn10', '--percent', '10', '--laboratory', 'warsaw-mokotow', '--max-uses', '100', '--per-user', '1', '--from', '2026-11-01', '--to', '2026-11-30'], {
    env,
    encoding: 'utf8',
  });
  expect(out).toContain('Created promo code AUTUMN10');
  let failed: { status: number | null; stderr: string } | null = null;
  try {
    execFileSync(process.execPath, [tsx, 'scripts/promo-add.ts', 'X1', '--percent', '10', '--amount', '5'], { env, encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    failed = e as { status: number | null; stderr: string };
  }
  expect(failed?.status).toBe(2);
  expect(failed?.stderr).toContain('Usage: npm run promo:add');
  const h = await openDb({ kind: 'sqlite', file });
  try {
    const row = await h.db.selectFrom('promo_codes').selectAll().where('code', '=', 'AUTUMN10').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      laboratory_id: 'warsaw-mokotow',
      kind: 'percent',
      value: 10,
      max_uses: 100,
      per_user_limit: 1,
      valid_from: '2026-11-01T00:00:00.000Z',
      valid_to: '2026-11-30T23:59:59.999Z',
      used_count: 0,
    });
  } finally {
    await h.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60000);
