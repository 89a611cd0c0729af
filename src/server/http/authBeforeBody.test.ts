import { createTestDb, type TestDb } from '../testing/testDb';
import { startApiServer, type TestApiServer } from '../testing/apiServer';

/**
 * Routes that need a signed-in user authenticate before they read a body: without a token a large or
 * malformed body is a 401, not a 413 or 400 (the body is never read), on the JSON routes and on the
 * HL7 import.
 */
let db: TestDb;
let api: TestApiServer;
beforeAll(async () => {
  db = await createTestDb({ seed: false });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await db.cleanup();
});

const big = JSON.stringify({ x: 'y'.repeat(300_000) });

test.each([
  ['POST', '/api/backend/orders/1/cancel', 'application/json', '{"broken'],
  ['PUT', '/api/backend/staff/orders/1/results', 'application/json', big],
  ['POST', '/api/backend/staff/results/import', 'application/hl7-v2', 'MSH|'.repeat(80_000)],
  ['POST', '/api/backend/staff/results/import', 'application/json', big],
])('%s %s without a token and with a body it would refuse is 401', async (method, path, type, rawBody) => {
  const res = await api.call(method, path, { rawBody, headers: { 'content-type': type } });
  expect(res.status).toBe(401);
});

test('a public route still reads and refuses the body itself', async () => {
  expect((await api.call('POST', '/api/backend/login', { rawBody: big, headers: { 'content-type': 'application/json' } })).status).toBe(413);
});
