import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';

/**
 * Wrong passwords slow an account's sign-ins down instead of locking it: after 5 failures within 15
 * minutes each further attempt waits for a delay that doubles with every failure (5 s, 10 s, 20 s, …,
 * at most 15 minutes). A browser that has signed in to the account before (its device cookie) is not
 * delayed, so nobody can lock a staff member or a nurse out by guessing at their address. The per-IP
 * limit groups IPv6 addresses by /64. On SQLite and PostgreSQL.
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
let seq = 0;
const from = (ip: string) => ({ 'X-Forwarded-For': ip });

async function account() {
  const email = `delay${++seq}.${Date.now()}@example.com`;
  const password = 'Plum orchard 42 violet';
  const res = await api.call('POST', `${B}/register`, { body: { email, password, firstName: 'Ola', lastName: 'Nowak' }, headers: from(`198.51.100.${seq}`) });
  expect(res.status).toBe(201);
  return { email, password };
}

const login = (email: string, password: string, ip: string, cookie?: string) =>
  api.call('POST', `${B}/login`, { body: { username: email, password }, headers: { ...from(ip), ...(cookie ? { Cookie: cookie } : {}) } });

/** Moves the account's counted failures `seconds` into the past (as if that time had passed). */
const age = (email: string, seconds: number) =>
  tdb.db
    .updateTable('login_attempts')
    .set({ at: new Date(Date.now() - seconds * 1000).toISOString() })
    .where('key', '=', `email:${email}`)
    .execute();

test('5 wrong passwords do not lock the account for 15 minutes: the delay starts at 5 s and doubles', async () => {
  const { email, password } = await account();
  for (let i = 0; i < 5; i++) expect((await login(email, `wrong ${i}`, '203.0.113.1')).status).toBe(401);
  const first = await login(email, password, '203.0.113.2');
  expect(first.status).toBe(429);
  expect(Number(first.headers.get('retry-after'))).toBeLessThanOrEqual(5);
  await age(email, 6);
  // The 6th failure doubles the delay.
  expect((await login(email, 'wrong 6', '203.0.113.1')).status).toBe(401);
  const second = await login(email, password, '203.0.113.2');
  expect(second.status).toBe(429);
  expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(5);
  expect(Number(second.headers.get('retry-after'))).toBeLessThanOrEqual(10);
  await age(email, 11);
  expect((await login(email, password, '203.0.113.2')).status).toBe(200);
});

test('a browser that signed in to the account before is not delayed by anyone else guessing', async () => {
  const { email, password } = await account();
  const ok = await login(email, password, '203.0.113.10');
  expect(ok.status).toBe(200);
  const setCookie = ok.headers.get('set-cookie') ?? '';
  const device = /labShop\.device=([^;]+)/.exec(setCookie)?.[1];
  expect(device).toBeTruthy();
  expect(setCookie).toMatch(/labShop\.device=[^;]+; Path=\/api\/backend\/login; Max-Age=\d+; HttpOnly; SameSite=Strict/);
  for (let i = 0; i < 12; i++) await login(email, `wrong ${i}`, `203.0.113.${20 + i}`);
  expect((await login(email, password, '203.0.113.11')).status).toBe(429);
  expect((await login(email, password, '203.0.113.11', `labShop.device=${device}`)).status).toBe(200);
  // A made-up device cookie is no help.
  expect((await login(email, password, '203.0.113.11', `labShop.device=${'x'.repeat(43)}`)).status).toBe(429);
});

test('the per-IP limit counts an IPv6 /64 as one client', async () => {
  for (let i = 1; i <= 20; i++) expect((await login(`nobody${i}.${Date.now()}@example.com`, 'wrong', `2001:db8:aa:bb::${i.toString(16)}`)).status).toBe(401);
  const { email, password } = await account();
  expect((await login(email, password, '2001:db8:aa:bb:ffff::1')).status).toBe(429);
  expect((await login(email, password, '2001:db8:aa:bc::1')).status).toBe(200);
});
