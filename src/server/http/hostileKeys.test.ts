import { createTestDb, type TestDb } from '../testing/testDb';
import { startApiServer, type TestApiServer } from '../testing/apiServer';

/**
 * Keys that name members of Object.prototype (`constructor`, `__proto__`, `toString`, ...) in a body or a
 * query are refused with a 400 naming the key, on every route, instead of reaching the validator's
 * field table (which answered 500).
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

const KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

test.each(KEYS)('a body key "%s" is 400 naming the key, at the top level and nested', async (key) => {
  for (const [path, body] of [
    ['/api/backend/login', `{"${key}": "x", "username": "a@b.c", "password": "x"}`],
    ['/api/backend/register', `{"${key}": {"a": 1}}`],
    ['/api/support/contact', `{"${key}": "x"}`],
  ] as const) {
    const res = await api.call('POST', path, { rawBody: body, headers: { 'content-type': 'application/json' } });
    expect({ path, status: res.status }).toEqual({ path, status: 400 });
    expect(res.body.fields).toEqual({ [key]: `Unknown field: ${key}` });
  }
  const nested = await api.call('POST', '/api/backend/register', {
    rawBody: `{"email": "n@example.com", "meta": {"${key}": 1}}`,
    headers: { 'content-type': 'application/json' },
  });
  expect(nested.status).toBe(400);
  expect(nested.body.fields).toEqual({ [`meta.${key}`]: `Unknown field: meta.${key}` });
});

test.each(KEYS.filter((k) => k !== '__proto__'))('a query key "%s" is 400, and as a path segment or query value a 4xx', async (key) => {
  const search = await api.call('GET', `/api/backend/labService/search?${key}=1&query=tsh`);
  expect(search.status).toBe(400);
  expect(search.body.fields).toEqual({ [key]: `Unknown field: ${key}` });
  for (const path of [`/api/backend/laboratories/${key}`, `/api/backend/labService/${key}`, `/api/backend/profiles/${key}`, `/api/backend/labService?laboratoryId=${key}`]) {
    const res = await api.call('GET', path);
    expect({ path, client: res.status >= 400 && res.status < 500 }).toEqual({ path, client: true });
  }
});

test('no account was written by the refused bodies', async () => {
  const rows = await db.db.selectFrom('users').select('email').where('email', '=', 'n@example.com').execute();
  expect(rows).toEqual([]);
});
