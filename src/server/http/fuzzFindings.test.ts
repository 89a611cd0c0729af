import { createTestDb, type TestDb } from '../testing/testDb';
import { startApiServer, type TestApiServer } from '../testing/apiServer';
import { createPatient, createUser } from '../testing/orderFixtures';

/**
 * Answers found wrong by `npm run fuzz`: an array or an object where a text is expected (a repeated
 * query key, a JSON object for an e-mail or a promo code) was a 500 ("val.trim is not a function"),
 * now a 400 naming the field; a refused add-to-cart saved the requested laboratory as the user's choice.
 */
let db: TestDb;
let api: TestApiServer;
beforeAll(async () => {
  db = await createTestDb({ seed: true });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await db.cleanup();
});

test('an object or an array for a text field of a body is 400 naming the field, and nothing is sent', async () => {
  for (const email of [{ a: 1 }, ['a@b.c'], [[]]]) {
    const res = await api.call('POST', '/api/support/contact', { body: { name: 'Anna', email, message: 'Hello there, a question about tests' } });
    expect({ email, status: res.status }).toEqual({ email, status: 400 });
    expect(Object.keys(res.body.fields)).toEqual(['email']);
  }
  const reset = await api.call('POST', '/api/backend/users/password', { body: { email: { toString: 1 } } });
  expect(reset.status).toBe(400);
});

test('a repeated query key where one text is expected is 400 naming the key', async () => {
  const coverage = await api.call('GET', '/api/backend/laboratories/warsaw-mokotow/coverage?country=PL&country=LT&postalCode=02-715');
  expect(coverage.status).toBe(400);
  expect(Object.keys(coverage.body.fields)).toEqual(['country']);
  const user = await createUser(db.db);
  const remove = await api.call('POST', '/api/cart/remove-patient?patientId=1&patientId=2&laboratoryId=warsaw-mokotow', { token: user.token });
  expect(remove.status).toBe(400);
  expect(Object.keys(remove.body.fields)).toEqual(['patientId']);
  // The same queries with one value each are answered normally.
  const ok = await api.call('GET', '/api/backend/laboratories/warsaw-mokotow/coverage?country=PL&postalCode=02-715');
  expect(ok.status).toBe(200);
});

test('an object for the promo code is 400 naming promoCode', async () => {
  const user = await createUser(db.db);
  const res = await api.call('POST', '/api/order/promo', { token: user.token, body: { laboratoryId: 'warsaw-mokotow', promoCode: {} } });
  expect(res.status).toBe(400);
  expect(Object.keys(res.body.fields)).toEqual(['promoCode']);
});

test('a refused add-to-cart leaves the saved laboratory as it was; an accepted one saves it', async () => {
  const user = await createUser(db.db);
  const other = await createUser(db.db);
  const foreignPatient = await createPatient(db.db, other.id);
  const labOf = async () => (await db.db.selectFrom('users').select('laboratory_id').where('id', '=', user.id).executeTakeFirstOrThrow()).laboratory_id;
  const analysis = await db.db.selectFrom('analyses').select('id').orderBy('id').executeTakeFirstOrThrow();
  for (const lab of ['warsaw-mokotow', 'krakow-nowa-huta']) {
    const refused = await api.call('POST', `/api/cart/add-to-cart?laboratoryId=${lab}`, { token: user.token, body: { analysisId: analysis.id, patientIds: [foreignPatient] } });
    expect(refused.status).toBe(404);
    expect(await labOf()).toBeNull();
  }
  const own = await createPatient(db.db, user.id);
  const accepted = await api.call('POST', '/api/cart/add-to-cart?laboratoryId=warsaw-mokotow', { token: user.token, body: { analysisId: analysis.id, patientIds: [own] } });
  expect(accepted.status).toBe(200);
  expect(await labOf()).toBe('warsaw-mokotow');
});

test('a null among the notification settings is 400 naming events, not a 500', async () => {
  const user = await createUser(db.db);
  const res = await api.call('PUT', '/api/backend/users/current/notifications', { token: user.token, body: { events: [null, { event: 'results_ready', email: false, push: true }] } });
  expect(res.status).toBe(400);
  expect(Object.keys(res.body.fields).some((f) => f.startsWith('events'))).toBe(true);
});
