import { getConfig, setConfigForTests } from '@/server/config';
import { readOutbox } from '@/server/testing/outbox';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';

/**
 * Registration of an address that has an account answers as the spec says (§5, §8): 400 'Such user
 * exists' naming the e-mail (code `user_exists`), no token, no cookie, no mail; the account is not
 * touched. The per-address and per-IP limits bound how many addresses one client can try. On SQLite
 * and PostgreSQL.
 */
let tdb: TestDb;
let api: TestApiServer;
beforeAll(async () => {
  tdb = await createTestDb({ seed: false, rateLimits: true });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

const B = '/api/backend';

test("a known address is answered 400 'Such user exists' on the e-mail; the account is unchanged and nobody is mailed", async () => {
  const email = `known.${Date.now()}@example.com`;
  const first = await api.call('POST', `${B}/register`, { body: { email, password: 'Plum orchard 42 violet', firstName: 'Ola', lastName: 'Nowak' }, headers: { 'X-Forwarded-For': '192.0.2.10' } });
  expect(first.status).toBe(201);
  const again = await api.call('POST', `${B}/register`, { body: { email: email.toUpperCase(), password: 'Quiet heron 77 river', firstName: 'Mallory', lastName: 'X' }, headers: { 'X-Forwarded-For': '192.0.2.11' } });
  expect(again.status).toBe(400);
  expect(again.body).toEqual({ error: 'Such user exists', code: 'user_exists', fields: { email: 'Such user exists' } });
  expect(again.headers.get('set-cookie')).toBeNull();

  const rows = await tdb.db.selectFrom('users').select(['first_name']).where('email', '=', email).execute();
  expect(rows).toEqual([{ first_name: 'Ola' }]);
  expect((await api.call('POST', `${B}/login`, { body: { username: email, password: 'Plum orchard 42 violet' } })).status).toBe(200);
  expect((await api.call('POST', `${B}/login`, { body: { username: email, password: 'Quiet heron 77 river' } })).status).toBe(401);
  expect(readOutbox(getConfig().outboxDir).filter((m) => m.to === email).map((m) => m.subject)).toEqual(['Confirm your e-mail address']);
});

test('the per-address limit bounds the tries of one client: over it, 429 before anything is looked up', async () => {
  const base = getConfig();
  setConfigForTests({ ...base, rateLimits: { ...base.rateLimits, register: { perIp: 3, perKey: 3 } } });
  try {
    const ip = { 'X-Forwarded-For': '192.0.2.50' };
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await api.call('POST', `${B}/register`, { body: { email: `probe${i}.${Date.now()}@example.com`, password: 'Plum orchard 42 violet', firstName: 'A', lastName: 'B' }, headers: ip })).status);
    expect(answers).toEqual([201, 201, 201, 429]);
  } finally {
    setConfigForTests(base);
  }
});
