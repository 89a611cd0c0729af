import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';

/**
 * A new password needs a zxcvbn score of at least 3 (of 4): 12 characters of one letter, a keyboard
 * row or an alphabet run are refused with a 400 naming the field, at registration and on a change.
 */
let tdb: TestDb;
let api: TestApiServer;
beforeAll(async () => {
  tdb = await createTestDb({ seed: false });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

const WEAK = 'This password is too easy to guess; see the hints under the field';
let seq = 0;
const register = (password: string, extra: Record<string, string> = {}) =>
  api.call('POST', '/api/backend/register', {
    body: { email: `strength${++seq}.${Date.now()}@example.com`, password, firstName: 'Ola', lastName: 'Nowak', ...extra },
    headers: { 'X-Forwarded-For': `192.0.2.${seq}` },
  });

test.each(['aaaaaaaaaaaa', 'qwertyuiopasdf', 'abcdefghijklmn', '1234567890123', 'asdfghjkl;zxcv', 'Nowak Nowak 1'])('"%s" is refused at registration', async (password) => {
  const res = await register(password);
  expect(res.status).toBe(400);
  expect(res.body.fields).toEqual({ password: WEAK });
});

test('a password made of the account holder\'s own e-mail and name is refused', async () => {
  const res = await register('Olanowak1985!', { email: `olanowak1985.${Date.now()}@example.com` });
  expect(res.status).toBe(400);
  expect(res.body.fields).toEqual({ password: WEAK });
});

test('a phrase of several words passes; a weak new password is refused on a change too', async () => {
  const ok = await register('Plum orchard 42 violet');
  expect(ok.status).toBe(201);
  const change = await api.call('PUT', '/api/backend/users/password', { token: ok.body.accessToken, body: { oldPassword: 'Plum orchard 42 violet', newPassword: 'qwertyuiopasdf' } });
  expect(change.status).toBe(400);
  expect(change.body.fields).toEqual({ newPassword: WEAK });
});
