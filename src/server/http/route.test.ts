import { createTestDb, type TestDb } from '../testing/testDb';
import { startApiServer, type TestApiServer } from '../testing/apiServer';

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

test('health answers ok from a migrated database', async () => {
  const res = await api.call('GET', '/api/health');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ status: 'ok' });
});

test('a method that is not in the table is 405 with Allow', async () => {
  const res = await api.call('DELETE', '/api/health');
  expect(res.status).toBe(405);
  expect(res.headers.get('allow')).toBe('GET');
  expect(res.body).toEqual({ error: 'Method DELETE not allowed' });
});

test('migrations are idempotent', async () => {
  const { migrate } = await import('../db/createDb');
  await expect(migrate(db.db)).resolves.toBeUndefined();
});

test('the client address ignores X-Forwarded-For unless a proxy is trusted', async () => {
  const { clientIp } = await import('./route');
  const req = { headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.1' }, socket: { remoteAddress: '127.0.0.1' } } as unknown as Parameters<typeof clientIp>[0];
  expect(clientIp(req, false)).toBe('127.0.0.1');
  expect(clientIp(req, true)).toBe('203.0.113.9');
});
