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
  expect(res.body).toEqual({ error: 'Method DELETE not allowed', code: 'method_not_allowed' });
});

test('migrations are idempotent', async () => {
  const { migrate } = await import('../db/createDb');
  await expect(migrate(db.db)).resolves.toBeUndefined();
});

test('the client address ignores X-Forwarded-For unless a proxy is trusted', async () => {
  const { clientIp } = await import('./route');
  const req = { headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.1' }, socket: { remoteAddress: '127.0.0.1' } } as unknown as Parameters<typeof clientIp>[0];
  expect(clientIp(req, false)).toBe('127.0.0.1');
  // Behind one proxy the hop it appended counts, not the leftmost one the client chose.
  expect(clientIp(req, true)).toBe('10.0.0.1');
  const spoofed = { headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.9' }, socket: { remoteAddress: '127.0.0.1' } } as unknown as Parameters<typeof clientIp>[0];
  expect(clientIp(spoofed, true)).toBe('203.0.113.9');
});

test('an HttpError is answered as {error, code, fields} with its headers; validation failures say so', async () => {
  const { sendError } = await import('./route');
  const { HttpError, tooManyRequests } = await import('./errors');
  const answered = () => {
    const headers: Record<string, string> = {};
    const out = { status: 0, body: undefined as unknown, headers };
    const res = {
      setHeader: (name: string, value: string) => void (headers[name] = value),
      status: (s: number) => ((out.status = s), res),
      json: (b: unknown) => void (out.body = b),
    };
    return { out, res: res as unknown as Parameters<typeof sendError>[0] };
  };
  const a = answered();
  sendError(a.res, new HttpError(409, 'Full', { fields: { slot: 'Full' }, code: 'slot_full', headers: { 'X-Test': '1' } }));
  expect(a.out).toEqual({ status: 409, body: { error: 'Full', code: 'slot_full', fields: { slot: 'Full' } }, headers: { 'X-Test': '1' } });
  const b = answered();
  sendError(b.res, tooManyRequests(12.2));
  expect(b.out).toEqual({ status: 429, body: { error: 'Too many attempts, try again later', code: 'rate_limited' }, headers: { 'Retry-After': '13' } });

  const bad = await api.call('POST', '/api/backend/users/activate', { body: {} });
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ code: 'validation_failed', fields: { token: expect.any(String) } });
});

describe('request bodies are JSON only', () => {
  const body = JSON.stringify({ username: 'someone@example.com', password: 'whatever-password' });

  test.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp'])('a %s body is 415 in the JSON error shape', async (type) => {
    const res = await api.call('POST', '/api/backend/login', { rawBody: body, headers: { 'Content-Type': type } });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'Request body must be application/json', code: 'unsupported_media_type' });
  });

  test('a body without a content type is 415', async () => {
    const res = await fetch(`${api.url}/api/backend/login`, { method: 'POST', body: new Blob([body]) });
    expect(res.status).toBe(415);
  });

  test('application/json with a charset is read; a request without a body needs no content type', async () => {
    const json = await api.call('POST', '/api/backend/login', { rawBody: body, headers: { 'Content-Type': 'Application/JSON; charset=utf-8' } });
    expect(json.status).toBe(401);
    const bodiless = await fetch(`${api.url}/api/backend/logout`, { method: 'POST' });
    expect(bodiless.status).toBe(401);
    expect((await api.call('GET', '/api/health')).status).toBe(200);
  });
});
