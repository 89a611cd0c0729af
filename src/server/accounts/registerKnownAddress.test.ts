import { getConfig } from '@/server/config';
import { readOutbox } from '@/server/testing/outbox';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';

/**
 * Registration does not tell whether an address has an account: a known address gets the same answer
 * as a new one (201, a token, a refresh cookie) and its owner a mail instead; nothing about the
 * existing account changes. On SQLite and PostgreSQL.
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

const B = '/api/backend';
const shape = (res: { status: number; body: Record<string, unknown>; headers: Headers }) => ({
  status: res.status,
  keys: Object.keys(res.body).sort(),
  tokenLength: String(res.body.accessToken).length,
  expiresIn: res.body.expiresIn,
  cookie: (res.headers.get('set-cookie') ?? '').replace(/=[^;]+;/, '=…;'),
});

test('a known address is answered as a new one, and its owner is mailed instead', async () => {
  const email = `known.${Date.now()}@example.com`;
  const first = await api.call('POST', `${B}/register`, { body: { email, password: 'Plum orchard 42 violet', firstName: 'Ola', lastName: 'Nowak' }, headers: { 'X-Forwarded-For': '192.0.2.10' } });
  const again = await api.call('POST', `${B}/register`, { body: { email: email.toUpperCase(), password: 'Quiet heron 77 river', firstName: 'Mallory', lastName: 'X' }, headers: { 'X-Forwarded-For': '192.0.2.11', Cookie: 'lang=pl' } });
  expect(shape(again)).toEqual(shape(first));

  // The account is unchanged: one row, the first password, the first names.
  const rows = await tdb.db.selectFrom('users').select(['first_name']).where('email', '=', email).execute();
  expect(rows).toEqual([{ first_name: 'Ola' }]);
  expect((await api.call('POST', `${B}/login`, { body: { username: email, password: 'Plum orchard 42 violet' } })).status).toBe(200);
  expect((await api.call('POST', `${B}/login`, { body: { username: email, password: 'Quiet heron 77 river' } })).status).toBe(401);

  const mails = readOutbox(getConfig().outboxDir).filter((m) => m.to === email);
  expect(mails.map((m) => m.subject)).toEqual(['Confirm your e-mail address', 'Próba założenia konta na Twój adres']);
  const notice = mails[1]?.text ?? '';
  expect(notice).toContain('Dzień dobry, Ola,');
  expect(notice).toContain('http://localhost:3000/login');
  expect(notice).not.toContain('Mallory');
});
