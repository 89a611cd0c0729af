import { getConfig, setConfigForTests } from '@/server/config';
import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createLab } from '@/server/testing/orderFixtures';
import { hashToken } from '@/server/tokens';
import { addStaff, removeStaff } from '@/server/staff/staff';

/**
 * Sign-in sessions over HTTP (SQLite and PostgreSQL): a 15-minute bearer token renewed by a rotating
 * refresh cookie, reuse of a refresh token ending the whole session, idle and absolute expiry (shorter
 * for staff), the list and sign-out routes scoped to their owner, and every way a session ends.
 */
const suite = setUpApiSuite();

jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

const B = '/api/backend';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
let seq = 0;
let ipSeq = 0;
const nextIp = () => ({ 'X-Forwarded-For': `10.9.${Math.floor(++ipSeq / 200)}.${ipSeq % 200}` });

/** The refresh token of a Set-Cookie answer, and the cookie's attributes. */
function refreshCookie(headers: Headers): { token: string; attributes: string } {
  const raw = headers.get('set-cookie') ?? '';
  const m = /^labShop\.refresh=([^;]*);(.*)$/.exec(raw);
  if (!m) throw new Error(`no refresh cookie in "${raw}"`);
  return { token: m[1] as string, attributes: m[2] as string };
}

async function register(userAgent = FIREFOX) {
  const email = `session${++seq}.${Date.now()}@example.com`;
  const password = 'correct horse 1';
  const res = await suite.api.call('POST', `${B}/register`, { body: { email, password, firstName: 'Anna', lastName: 'Nowak' }, headers: { 'User-Agent': userAgent, ...nextIp() } });
  expect(res.status).toBe(201);
  return { email, password, token: res.body.accessToken as string, refresh: refreshCookie(res.headers).token };
}

async function login(email: string, password: string, userAgent = SAFARI) {
  const res = await suite.api.call('POST', `${B}/login`, { body: { username: email, password }, headers: { 'User-Agent': userAgent, ...nextIp() } });
  expect(res.status).toBe(200);
  return { token: res.body.access_token as string, refresh: refreshCookie(res.headers).token };
}

const refresh = (token: string | null) => suite.api.call('POST', `${B}/auth/refresh`, { headers: token === null ? {} : { Cookie: `lang=en; labShop.refresh=${token}` } });
const me = async (token: string) => (await suite.api.call('GET', `${B}/users/current`, { token })).status;
const sessionOf = async (accessToken: string) =>
  (await suite.db.db.selectFrom('auth_tokens').select('session_id').where('token_hash', '=', hashToken(accessToken)).executeTakeFirstOrThrow()).session_id as number;
const auditOf = async (email: string, action: string) => {
  const user = await suite.db.db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
  return suite.db.db.selectFrom('audit_events').selectAll().where('subject_user_id', '=', user.id).where('action', '=', action as never).execute();
};

describe('sign-in answers a short-lived bearer token and a refresh cookie', () => {
  test('login: expires_in 900 s, the access token expires 15 minutes later, the cookie is HttpOnly, SameSite=Strict and limited to the refresh route', async () => {
    const { email, password } = await register();
    const res = await suite.api.call('POST', `${B}/login`, { body: { username: email, password }, headers: nextIp() });
    expect(res.body.expires_in).toBe(900);
    const row = await suite.db.db.selectFrom('auth_tokens').selectAll().where('token_hash', '=', hashToken(res.body.access_token)).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(15 * 60 * 1000);
    const { token, attributes } = refreshCookie(res.headers);
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(attributes).toContain('HttpOnly');
    expect(attributes).toContain('SameSite=Strict');
    expect(attributes).toContain('Path=/api/backend/auth/refresh');
    expect(attributes).toContain(`Max-Age=${12 * 3600}`);
    // APP_URL is http://localhost in tests: a Secure cookie would not be stored there.
    expect(attributes).not.toContain('Secure');
    // Only the hash is stored.
    expect(await suite.db.db.selectFrom('refresh_tokens').select('token_hash').where('token_hash', '=', token).executeTakeFirst()).toBeUndefined();
    expect(await suite.db.db.selectFrom('refresh_tokens').select('token_hash').where('token_hash', '=', hashToken(token)).executeTakeFirst()).toBeDefined();
  });

  test('over https the cookie is Secure', async () => {
    const before = getConfig().appUrl;
    setConfigForTests({ ...getConfig(), appUrl: 'https://shop.example.test' });
    try {
      const { email, password } = await register();
      const res = await suite.api.call('POST', `${B}/login`, { body: { username: email, password }, headers: nextIp() });
      expect(refreshCookie(res.headers).attributes).toContain('Secure');
    } finally {
      setConfigForTests({ ...getConfig(), appUrl: before });
    }
  });

  test('an access token past its 15 minutes is 401; the refresh answers a working one', async () => {
    const { token, refresh: r } = await register();
    await suite.db.db.updateTable('auth_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('token_hash', '=', hashToken(token)).execute();
    expect(await me(token)).toBe(401);
    const res = await refresh(r);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expires_in']);
    expect(await me(res.body.access_token)).toBe(200);
  });
});

describe('rotation and reuse detection', () => {
  test('every refresh rotates the token; the old one no longer refreshes', async () => {
    const { refresh: first } = await register();
    const a = await refresh(first);
    expect(a.status).toBe(200);
    const second = refreshCookie(a.headers).token;
    expect(second).not.toBe(first);
    const b = await refresh(second);
    expect(b.status).toBe(200);
    expect(refreshCookie(b.headers).token).not.toBe(second);
  });

  test('presenting a rotated refresh token again ends the whole session (every token of it) and is audited', async () => {
    const { email, refresh: stolen } = await register();
    const good = await refresh(stolen);
    const goodRefresh = refreshCookie(good.headers).token;
    const goodAccess = good.body.access_token as string;
    expect(await me(goodAccess)).toBe(200);

    const replay = await refresh(stolen);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: 'The session has ended; sign in again', code: 'unauthorized' });
    expect(refreshCookie(replay.headers).attributes).toContain('Max-Age=0');
    // The legitimate holder is signed out too: the newest refresh and access tokens are dead.
    expect(await me(goodAccess)).toBe(401);
    expect((await refresh(goodRefresh)).status).toBe(401);
    const audit = await auditOf(email, 'refresh_reuse');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toMatch(/^session \d+ ended$/);
  });

  test('two parallel refreshes with one token: one succeeds, the other counts as reuse and ends the session', async () => {
    const { token, refresh: r } = await register();
    const [a, b] = await Promise.all([refresh(r), refresh(r)]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
    expect(await me(token)).toBe(401);
  });

  test('a missing or unknown refresh cookie is 401 with the JSON error shape; an over-long one too', async () => {
    for (const token of [null, 'not-a-token', 'x'.repeat(5000)]) {
      const res = await refresh(token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('unauthorized');
    }
    expect((await suite.api.call('GET', `${B}/auth/refresh`)).status).toBe(405);
  });
});

describe('idle timeout and absolute lifetime', () => {
  test('a session unused past its idle timeout ends: its bearer token and its refresh are 401', async () => {
    const { token, refresh: r } = await register();
    const id = await sessionOf(token);
    await suite.db.db.updateTable('sessions').set({ idle_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
    expect(await me(token)).toBe(401);
    expect((await refresh(r)).status).toBe(401);
  });

  test('a session past its absolute lifetime ends even if used all along', async () => {
    const { token, refresh: r } = await register();
    const id = await sessionOf(token);
    await suite.db.db.updateTable('sessions').set({ absolute_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
    expect(await me(token)).toBe(401);
    expect((await refresh(r)).status).toBe(401);
  });

  test('use moves the idle end on, never past the absolute end; the access token never outlives the session', async () => {
    const { token, refresh: r } = await register();
    const id = await sessionOf(token);
    const old = new Date(Date.now() - 10 * 60 * 1000).toISOString();
    await suite.db.db.updateTable('sessions').set({ last_used_at: old, idle_expires_at: new Date(Date.now() + 60 * 1000).toISOString() }).where('id', '=', id).execute();
    expect(await me(token)).toBe(200);
    const after = await suite.db.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.last_used_at > old).toBe(true);
    expect(Date.parse(after.idle_expires_at) - Date.now()).toBeGreaterThan(29 * 60 * 1000);

    const soon = new Date(Date.now() + 5 * 60 * 1000).toISOString();
    await suite.db.db.updateTable('sessions').set({ absolute_expires_at: soon }).where('id', '=', id).execute();
    const res = await refresh(r);
    expect(res.status).toBe(200);
    expect(res.body.expires_in).toBeLessThanOrEqual(5 * 60);
    expect(refreshCookie(res.headers).attributes).toMatch(/Max-Age=(2\d\d|300);/);
    const again = await suite.db.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(again.idle_expires_at <= soon).toBe(true);
  });

  test('staff sessions are shorter (15 minutes idle, 8 hours absolute by default) than patients\' (30 minutes, 12 hours)', async () => {
    const lab = await createLab(suite.db.db);
    const email = `lab.session${++seq}@example.test`;
    await addStaff(suite.db.db, email, lab, { password: 'staff password long 1' });
    const staff = await login(email, 'staff password long 1');
    const patient = await register();
    const rowOf = async (token: string) => suite.db.db.selectFrom('sessions').selectAll().where('id', '=', await sessionOf(token)).executeTakeFirstOrThrow();
    const s = await rowOf(staff.token);
    const p = await rowOf(patient.token);
    const span = (r: { created_at: string }, end: string) => (Date.parse(end) - Date.parse(r.created_at)) / 60000;
    expect(span(s, s.idle_expires_at)).toBe(15);
    expect(span(s, s.absolute_expires_at)).toBe(8 * 60);
    expect(span(p, p.idle_expires_at)).toBe(30);
    expect(span(p, p.absolute_expires_at)).toBe(12 * 60);
  });
});

describe('GET users/current/sessions and sign-out per session or everywhere', () => {
  test('lists the open sessions with browser, created and last used, marking this one; ended ones are gone', async () => {
    const { email, password, token } = await register(FIREFOX);
    const phone = await login(email, password, SAFARI);
    const list = await suite.api.call('GET', `${B}/users/current/sessions`, { token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.body.map((s: { browser: string; system: string; current: boolean }) => [s.browser, s.system, s.current]).sort()).toEqual([
      ['Firefox', 'Linux', true],
      ['Safari', 'iOS', false],
    ]);
    for (const s of list.body) expect(Object.keys(s).sort()).toEqual(['browser', 'createdAt', 'current', 'expiresAt', 'id', 'lastUsedAt', 'system']);
    // The User-Agent header itself is not kept.
    expect((await suite.db.db.selectFrom('sessions').select('user_agent').where('id', '=', await sessionOf(token)).executeTakeFirstOrThrow()).user_agent).toBe('Firefox/Linux');
    await suite.api.call('POST', `${B}/logout`, { token: phone.token });
    const after = await suite.api.call('GET', `${B}/users/current/sessions`, { token });
    expect(after.body.map((s: { browser: string }) => s.browser)).toEqual(['Firefox']);
  });

  test('signing out another session ends its bearer and refresh tokens at once, is audited, and leaves this one', async () => {
    const { email, password, token } = await register();
    const other = await login(email, password);
    const otherId = await sessionOf(other.token);
    const res = await suite.api.call('DELETE', `${B}/users/current/sessions/${otherId}`, { token, headers: nextIp() });
    expect(res.status).toBe(204);
    expect(await me(other.token)).toBe(401);
    expect((await refresh(other.refresh)).status).toBe(401);
    expect(await me(token)).toBe(200);
    const audit = await auditOf(email, 'session_revoked');
    expect(audit.map((a) => a.detail)).toEqual([`session ${otherId}`]);
    // Once ended it is not found any more.
    expect((await suite.api.call('DELETE', `${B}/users/current/sessions/${otherId}`, { token })).status).toBe(404);
  });

  test("another user's session id is 404 and stays open; a bad id is 400 naming the field", async () => {
    const a = await register();
    const b = await register();
    const bId = await sessionOf(b.token);
    const res = await suite.api.call('DELETE', `${B}/users/current/sessions/${bId}`, { token: a.token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect(await me(b.token)).toBe(200);
    const bad = await suite.api.call('DELETE', `${B}/users/current/sessions/abc`, { token: a.token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['sessionId']);
    expect((await suite.api.call('GET', `${B}/users/current/sessions`)).status).toBe(401);
  });

  test('sign out everywhere ends every session, this one included, and clears the cookie', async () => {
    const { email, password, token, refresh: r } = await register();
    const other = await login(email, password);
    const res = await suite.api.call('DELETE', `${B}/users/current/sessions`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 2 });
    expect(refreshCookie(res.headers).attributes).toContain('Max-Age=0');
    for (const t of [token, other.token]) expect(await me(t)).toBe(401);
    for (const t of [r, other.refresh]) expect((await refresh(t)).status).toBe(401);
    expect((await auditOf(email, 'session_revoked')).map((a) => a.detail)).toEqual(['everywhere (2)']);
  });

  test('sign-out ends the session: its refresh token is dead and the cookie cleared', async () => {
    const { token, refresh: r } = await register();
    const out = await suite.api.call('POST', `${B}/logout`, { token });
    expect(out.status).toBe(204);
    expect(refreshCookie(out.headers).attributes).toContain('Max-Age=0');
    expect((await refresh(r)).status).toBe(401);
    expect((await suite.api.call('POST', `${B}/logout`)).status).toBe(401);
  });

  test('sign-out with a bearer token past its 15 minutes still ends its session', async () => {
    const { token, refresh: r } = await register();
    await suite.db.db.updateTable('auth_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('token_hash', '=', hashToken(token)).execute();
    expect((await suite.api.call('POST', `${B}/logout`, { token })).status).toBe(204);
    expect((await refresh(r)).status).toBe(401);
  });
});

describe('sessions end when the account changes', () => {
  test('a password change ends every other session (and its refresh token) and keeps this one', async () => {
    const { email, password, token, refresh: mine } = await register();
    const other = await login(email, password);
    const res = await suite.api.call('PUT', `${B}/users/password`, { token, body: { oldPassword: password, newPassword: 'another horse 22' }, headers: nextIp() });
    expect(res.status).toBe(200);
    expect(await me(other.token)).toBe(401);
    expect((await refresh(other.refresh)).status).toBe(401);
    expect(await me(token)).toBe(200);
    expect((await refresh(mine)).status).toBe(200);
  });

  test('promotion to staff ends every session; so does offboarding', async () => {
    const lab = await createLab(suite.db.db);
    const { email, token, refresh: r } = await register();
    await addStaff(suite.db.db, email, lab, { promote: true, password: 'staff password long 2' });
    expect(await me(token)).toBe(401);
    expect((await refresh(r)).status).toBe(401);

    const staff = await login(email, 'staff password long 2');
    await removeStaff(suite.db.db, email);
    expect(await me(staff.token)).toBe(401);
    expect((await refresh(staff.refresh)).status).toBe(401);
  });

  test('deleting the account ends every session', async () => {
    const { email, password, token, refresh: r } = await register();
    const other = await login(email, password);
    const res = await suite.api.call('DELETE', `${B}/users/current`, { token, body: { password } });
    expect(res.status).toBe(200);
    for (const t of [r, other.refresh]) expect((await refresh(t)).status).toBe(401);
    expect(await me(other.token)).toBe(401);
  });
});
