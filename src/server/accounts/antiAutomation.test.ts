import { ConfigError, getConfig, loadConfig, setConfigForTests, type RateLimitConfig } from '@/server/config';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { createFixturePatient, createFixtureSlot, createFixtureUser, seedShopFixture, type FixtureUser, type ShopFixture } from '@/server/testing/shopFixtures';
import { createPromo } from '@/server/orders/promo';

/** Anti-automation limits (RATE_LIMIT_*) on register, reset requests, activation mails and orders; SQLite and PostgreSQL. */
let tdb: TestDb;
let api: TestApiServer;
let fx: ShopFixture;

beforeAll(async () => {
  tdb = await createTestDb({ seed: false, rateLimits: true });
  fx = await seedShopFixture(tdb.db);
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

/** Small limits for the test; every key is still the configuration's. */
function limits(change: Partial<RateLimitConfig> = {}) {
  const pair = { perIp: 3, perKey: 2 };
  setConfigForTests({
    ...getConfig(),
    rateLimits: { ...getConfig().rateLimits, enabled: true, register: pair, reset: pair, activation: pair, order: pair, openVisits: 2, ...change },
  });
}
afterEach(() => limits());

let seq = 0;
const email = () => `limit${++seq}.${Date.now()}@example.com`;
let ipSeq = 0;
const ip = () => ({ 'X-Forwarded-For': `198.51.100.${++ipSeq}` });
const register = (address: string, headers: Record<string, string>) =>
  api.call('POST', '/api/backend/register', { body: { email: address, password: 'a long password 1', firstName: 'Anna', lastName: 'Nowak' }, headers });
const expect429 = (res: { status: number; body: unknown; headers: Headers }) => {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: 'Too many requests, try again later', code: 'rate_limited' });
  const wait = Number(res.headers.get('retry-after'));
  expect(wait >= 1 && wait <= 3600).toBe(true);
};

test('register: per client address and per e-mail', async () => {
  limits();
  const from = ip();
  for (let i = 0; i < 3; i++) expect((await register(email(), from)).status).toBe(201);
  expect429(await register(email(), from));
  expect((await register(email(), ip())).status).toBe(201);

  // Probing one address from changing client addresses: 'Such user exists' (spec §8), then 429.
  const taken = email();
  expect((await register(taken, ip())).status).toBe(201);
  expect((await register(taken, ip())).status).toBe(400);
  expect429(await register(taken, ip()));
});

test('reset requests: per client address and per e-mail, the same for unknown addresses', async () => {
  limits();
  const known = email();
  expect((await register(known, ip())).status).toBe(201);
  for (const address of [known, 'nobody.here@example.com']) {
    for (let i = 0; i < 2; i++) expect((await api.call('POST', '/api/backend/users/password', { body: { email: address }, headers: ip() })).status).toBe(200);
    expect429(await api.call('POST', '/api/backend/users/password', { body: { email: address }, headers: ip() }));
  }
  const from = ip();
  for (let i = 0; i < 3; i++) expect((await api.call('POST', '/api/backend/users/password', { body: { email: email() }, headers: from })).status).toBe(200);
  expect429(await api.call('POST', '/api/backend/users/password', { body: { email: email() }, headers: from }));
});

test('activation mails: per account', async () => {
  limits();
  const res = await register(email(), ip());
  const token = res.body.accessToken as string;
  // The registration mailed one already; that one is not counted here.
  for (let i = 0; i < 2; i++) expect((await api.call('POST', '/api/backend/users/send-activation-email', { token, body: {}, headers: ip() })).status).toBe(200);
  expect429(await api.call('POST', '/api/backend/users/send-activation-email', { token, body: {}, headers: ip() }));
});

const address = { city: 'Warsaw', postalCode: '00-683', street: 'Marszałkowska 10', entry: '2', intercomCode: '12#', notes: 'Ring twice' };
const feedback = { useEmail: true, usePhone: true, quickPhone: '+48 600 100 200' };

async function fillCart(user: FixtureUser) {
  const patient = await createFixturePatient(tdb.db, user.id, { firstName: 'Anna' });
  expect((await api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: fx.analyses.cbc, patientIds: [patient] } })).body.status).toBe('added');
}
async function order(user: FixtureUser, headers: Record<string, string>) {
  await fillCart(user);
  const slot = await createFixtureSlot(tdb.db, 'fx-waw', 5);
  return api.call('POST', '/api/order/create', {
    token: user.token,
    headers,
    body: { laboratoryId: 'fx-waw', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: address, feedbackDetails: feedback },
  });
}

test('open upcoming visits are capped per account; a cancelled one frees a place', async () => {
  limits({ order: { perIp: 100, perKey: 100 } });
  const user = await createFixtureUser(tdb.db, { laboratoryId: 'fx-waw' });
  const first = await order(user, ip());
  expect(first.status).toBe(200);
  expect((await order(user, ip())).status).toBe(200);
  const third = await order(user, ip());
  expect(third.status).toBe(409);
  expect(third.body.code).toBe('too_many_open_visits');
  await tdb.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', first.body.orderId as number).execute();
  expect((await order(user, ip())).status).toBe(200);
});

test('order creation: per account and per client address; a refused order does not count', async () => {
  limits({ openVisits: 100 });
  const user = await createFixtureUser(tdb.db, { laboratoryId: 'fx-waw' });
  const bad = await api.call('POST', '/api/order/create', { token: user.token, headers: ip(), body: { laboratoryId: 'fx-waw', nurseCheckoutDate: new Date().toISOString(), orderSlotId: 999999, orderAddress: address, feedbackDetails: feedback } });
  expect(bad.status).toBe(400);
  for (let i = 0; i < 2; i++) expect((await order(user, ip())).status).toBe(200);
  expect429(await order(user, ip()));

  const from = ip();
  const others = await Promise.all([0, 1, 2, 3].map(() => createFixtureUser(tdb.db, { laboratoryId: 'fx-waw' })));
  for (const other of others.slice(0, 3)) expect((await order(other, from)).status).toBe(200);
  expect429(await order(others[3] as FixtureUser, from));
});

test('RATE_LIMITS=off switches them off, but not the login limit', async () => {
  setConfigForTests({ ...getConfig(), rateLimits: { ...getConfig().rateLimits, enabled: false, register: { perIp: 1, perKey: 1 } } });
  const from = ip();
  const address = email();
  for (let i = 0; i < 3; i++) expect((await register(email(), from)).status).toBe(201);
  expect((await register(address, from)).status).toBe(201);
  for (let i = 0; i < 5; i++) expect((await api.call('POST', '/api/backend/login', { body: { username: address, password: `wrong pass ${i}` }, headers: from })).status).toBe(401);
  expect((await api.call('POST', '/api/backend/login', { body: { username: address, password: 'a long password 1' }, headers: from })).status).toBe(429);
});

test('every limit is configuration, validated at start-up', () => {
  const config = loadConfig({ RATE_LIMITS: 'off', RATE_LIMIT_REGISTER_PER_IP: '7', RATE_LIMIT_ORDER_PER_ACCOUNT: '4', RATE_LIMIT_OPEN_VISITS: '9', RATE_LIMIT_WINDOW: '600' });
  expect(config.rateLimits).toMatchObject({ enabled: false, windowSeconds: 600, register: { perIp: 7, perKey: 3 }, order: { perIp: 20, perKey: 4 }, openVisits: 9 });
  expect(loadConfig({}).rateLimits.enabled).toBe(true);
  expect(() => loadConfig({ RATE_LIMIT_RESET_PER_EMAIL: '0' })).toThrow(new ConfigError('RATE_LIMIT_RESET_PER_EMAIL', 'expected a positive integer, got "0"'));
  expect(() => loadConfig({ RATE_LIMITS: 'sometimes' })).toThrow(ConfigError);
});

test('promo codes cannot be guessed without limit: refused codes count per account and per client address, at the quote and at the order', async () => {
  limits({ promo: { perIp: 5, perKey: 3 }, order: { perIp: 100, perKey: 100 }, openVisits: 100 });
  const code = `REAL${Date.now().toString(36).toUpperCase()}`;
  await createPromo(tdb.db, { code, laboratoryId: 'fx-waw', percent: 5 });
  const user = await createFixtureUser(tdb.db, { laboratoryId: 'fx-waw' });
  await fillCart(user);
  const quote = (who: FixtureUser, promoCode: string, headers: Record<string, string>) => api.call('POST', '/api/order/promo', { token: who.token, headers, body: { laboratoryId: 'fx-waw', promoCode } });
  // A right code quoted again and again does not count.
  for (let i = 0; i < 5; i++) expect((await quote(user, code, ip())).status).toBe(200);
  for (let i = 0; i < 2; i++) expect((await quote(user, `GUESS${i}`, ip())).status).toBe(400);
  // The third refused code is a guess at order time.
  const slot = await createFixtureSlot(tdb.db, 'fx-waw', 5);
  const guessAtOrder = await api.call('POST', '/api/order/create', {
    token: user.token,
    headers: ip(),
    body: { laboratoryId: 'fx-waw', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: address, feedbackDetails: feedback, promoCode: 'GUESS2' },
  });
  expect(guessAtOrder.status).toBe(400);
  expect429(await quote(user, 'GUESS3', ip()));
  expect429(await quote(user, code, ip()));

  // Per client address: accounts taking turns from one address.
  const from = ip();
  const others = await Promise.all([0, 1, 2].map(() => createFixtureUser(tdb.db, { laboratoryId: 'fx-waw' })));
  for (const other of others) await fillCart(other);
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await quote(others[i % 3] as FixtureUser, `TRY${i}`, from)).status);
  expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
});
