import { createTestDb, type TestDb } from '../testing/testDb';
import { startApiServer, type TestApiServer } from '../testing/apiServer';

/**
 * A body nested thousands of levels deep (a few kB, far under the size limit) overflowed the stack of
 * the code that walks the parsed value (500 "Maximum call stack size exceeded"). The nesting depth is
 * bounded before anything walks the value: a 400 naming the body.
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

const json = { 'content-type': 'application/json' };

test.each([
  ['an array 6,000 deep', '/api/backend/login', '['.repeat(6000) + ']'.repeat(6000)],
  ['an array 6,000 deep, unclosed', '/api/backend/register', '['.repeat(6000)],
  ['an object 10,000 deep', '/api/support/contact', '{"a":'.repeat(10000) + '1' + '}'.repeat(10000)],
  ['an object 200 deep inside a field', '/api/backend/register', `{"email":"x@example.com","meta":${'{"a":'.repeat(200)}1${'}'.repeat(200)}}`],
])('%s is a 400 naming the body', async (_name, path, rawBody) => {
  const res = await api.call('POST', path, { rawBody, headers: json });
  expect(res.status).toBe(400);
  expect(res.body.fields).toEqual({ body: expect.stringMatching(/nested too deeply/) });
});

test('brackets inside strings do not count as nesting, and a normal body still works', async () => {
  const res = await api.call('POST', '/api/backend/login', { rawBody: JSON.stringify({ username: '['.repeat(3000), password: '{'.repeat(3000) }), headers: json });
  expect(res.status).not.toBe(500);
  expect(res.body.fields?.body).toBeUndefined();
});
