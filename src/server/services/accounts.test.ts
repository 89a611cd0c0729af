import bcrypt from 'bcryptjs';
import net from 'node:net';
import { getConfig, setConfigForTests } from '../config';
import { readOutbox } from '../mail/outbox';
import { issueToken } from '../repositories/accounts';
import { hashToken } from '../http/auth';
import { backgroundSettled } from '../background';
import { createTestDb, type TestDb } from '../testing/testDb';
import { startApiServer, type TestApiServer } from '../testing/apiServer';

/** Accounts over HTTP (SQLite and PostgreSQL): registration, login, tokens, mails, rate limit. */
let tdb: TestDb;
let api: TestApiServer;

beforeAll(async () => {
  tdb = await createTestDb({ seed: true });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

const B = '/api/backend';
let seq = 0;
const newEmail = () => `user${++seq}.${Date.now()}@example.com`;
/** Each test logs in from its own address so the per-IP limit of one test does not reach another. */
const ipHeaders = (ip: string) => ({ 'X-Forwarded-For': ip });

async function registerUser(overrides: Record<string, unknown> = {}) {
  const email = newEmail();
  const body = { email, password: 'correct horse 1', firstName: 'Anna', lastName: 'Kowalska', ...overrides };
  const res = await api.call('POST', `${B}/register`, { body });
  expect(res.status).toBe(201);
  return { email: String(body.email).toLowerCase(), password: String(body.password), token: res.body.accessToken as string };
}

const mailsTo = (email: string) => readOutbox(getConfig().outboxDir).filter((m) => m.to === email);
const tokenIn = (text: string, path: string) => new URL(/https?:\/\/\S+/.exec(text.slice(text.indexOf(path) - 40))?.[0] ?? 'x:').searchParams.get('token');

describe('register', () => {
  test('the activation mail is in the request language (lang cookie, else Accept-Language), which the account keeps', async () => {
    const register = async (headers: Record<string, string>) => {
      const email = newEmail();
      const res = await api.call('POST', `${B}/register`, { body: { email, password: 'correct horse 1', firstName: 'Anna', lastName: 'Kowalska' }, headers });
      expect(res.status).toBe(201);
      const me = await api.call('GET', `${B}/users/current`, { token: res.body.accessToken as string });
      return { mails: mailsTo(email), locale: me.body.locale as string | null };
    };

    const ru = await register({ Cookie: 'cookie_consent=1; lang=ru', 'Accept-Language': 'pl-PL,pl;q=0.9' });
    expect(ru.locale).toBe('ru');
    expect(ru.mails).toHaveLength(1);
    expect(ru.mails[0]?.subject).toBe('Подтвердите адрес электронной почты');
    expect(ru.mails[0]?.text).toContain('Здравствуйте, Anna!');
    expect(ru.mails[0]?.text).toContain('Чтобы подтвердить адрес электронной почты, откройте эту ссылку:');
    expect(ru.mails[0]?.text).toContain('http://localhost:3000/confirm-email?token=');
    const ruToken = tokenIn(ru.mails[0]?.text ?? '', '/confirm-email');
    expect(ruToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(ru.mails[0]?.text).toContain(`Или введите на сайте код подтверждения: ${ruToken}`);

    const pl = await register({ Cookie: 'lang=pl' });
    expect(pl.locale).toBe('pl');
    expect(pl.mails[0]?.subject).toBe('Potwierdź swój adres e-mail');
    expect(pl.mails[0]?.text).toContain('Dzień dobry, Anna,');
    expect(pl.mails[0]?.text).toContain('http://localhost:3000/confirm-email?token=');

    const accept = await register({ 'Accept-Language': 'de-DE,de;q=0.9,pl;q=0.8,en;q=0.5' });
    expect(accept.locale).toBe('pl');
    expect(accept.mails[0]?.subject).toBe('Potwierdź swój adres e-mail');

    const english = await register({ Cookie: 'lang=xx', 'Accept-Language': 'de-DE' });
    expect(english.locale).toBe('en');
    expect(english.mails[0]?.subject).toBe('Confirm your e-mail address');
    expect(english.mails[0]?.text).toContain('Hello Anna,');
  });

  test('creates the account, answers an access token and mails a confirmation link', async () => {
    const { email, token } = await registerUser({ phone: '+48 600 100 200', dateOfBirth: '1990-05-01' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const me = await api.call('GET', `${B}/users/current`, { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: email, email, firstName: 'Anna', lastName: 'Kowalska', emailConfirmed: false, phone: '+48 600 100 200', dateOfBirth: '1990-05-01', role: 'patient' });
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Confirm your e-mail address');
    expect(mails[0]?.text).toContain('http://localhost:3000/confirm-email?token=');
  });

  test('an existing e-mail (in any case) is answered as a new one (201; registerKnownAddress.test.ts)', async () => {
    const { email } = await registerUser();
    const res = await api.call('POST', `${B}/register`, { body: { email: email.toUpperCase(), password: 'whatever pass 12', firstName: 'B', lastName: 'C' } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['accessToken', 'expiresIn']);
  });

  test('bad input is 400 with fields and creates nothing', async () => {
    const count = async () => Number((await tdb.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const cases: [unknown, string][] = [
      [{ email: 'not-an-email', password: 'long enough pass', firstName: 'A', lastName: 'B' }, 'email'],
      [{ email: newEmail(), password: 'short', firstName: 'A', lastName: 'B' }, 'password'],
      [{ email: newEmail(), password: 'elevenchars', firstName: 'A', lastName: 'B' }, 'password'],
      [{ email: newEmail(), password: 'long enough pass', firstName: 42, lastName: 'B' }, 'firstName'],
      [{ email: newEmail(), password: 'long enough pass', firstName: 'R2D2', lastName: 'B' }, 'firstName'],
      [{ email: newEmail(), password: 'long enough pass', firstName: 'A'.repeat(101), lastName: 'B' }, 'firstName'],
      [{ email: newEmail(), password: 'long enough pass', firstName: 'A', lastName: 'B', phone: '12345' }, 'phone'],
      [{ email: newEmail(), password: 'long enough pass', firstName: 'A', lastName: 'B', dateOfBirth: '2999-01-01' }, 'dateOfBirth'],
      [{ email: newEmail(), password: 'long enough pass', firstName: 'A', lastName: 'B', dateOfBirth: '1899-12-31' }, 'dateOfBirth'],
      [{ email: newEmail(), password: 'long enough pass', firstName: 'A', lastName: 'B', dateOfBirth: '2001-02-30' }, 'dateOfBirth'],
      [{ email: `${'a'.repeat(250)}@example.com`, password: 'long enough pass', firstName: 'A', lastName: 'B' }, 'email'],
      [{ email: newEmail(), password: 'x'.repeat(129), firstName: 'A', lastName: 'B' }, 'password'],
    ];
    for (const [body, field] of cases) {
      const res = await api.call('POST', `${B}/register`, { body });
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty(field);
    }
    const malformed = await api.call('POST', `${B}/register`, { rawBody: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'Malformed JSON body', code: 'bad_request' });
    expect((await api.call('POST', `${B}/register`, { body: ['a'] })).status).toBe(400);
    expect(await count()).toBe(before);
  });

  test('names in any alphabet with hyphens and apostrophes are accepted', async () => {
    const { token } = await registerUser({ firstName: "Zoë-Anne", lastName: "O'Brien Łukasiewicz" });
    const other = await registerUser({ firstName: 'Ольга', lastName: 'Иванова' });
    expect((await api.call('GET', `${B}/users/current`, { token })).body.lastName).toBe("O'Brien Łukasiewicz");
    expect((await api.call('GET', `${B}/users/current`, { token: other.token })).body.firstName).toBe('Ольга');
  });
});

describe('login and logout', () => {
  test('login answers access_token; wrong password or unknown user is 401', async () => {
    const { email, password } = await registerUser();
    const headers = ipHeaders('10.0.0.1');
    const ok = await api.call('POST', `${B}/login`, { body: { username: email.toUpperCase(), password }, headers });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body).sort()).toEqual(['access_token', 'expires_in']);
    expect(ok.body.expires_in).toBe(15 * 60);
    expect((await api.call('GET', `${B}/users/current`, { token: ok.body.access_token })).status).toBe(200);
    const wrong = await api.call('POST', `${B}/login`, { body: { username: email, password: 'nope-nope' }, headers });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid username or password', code: 'unauthorized' });
    expect((await api.call('POST', `${B}/login`, { body: { username: 'ghost@example.com', password }, headers })).status).toBe(401);
    expect((await api.call('POST', `${B}/login`, { body: { username: email }, headers })).status).toBe(400);
    expect((await api.call('POST', `${B}/login`, { body: { username: email, password: 12345678 }, headers })).status).toBe(400);
  });

  test('logout revokes the token (204); other sessions stay', async () => {
    const { email, password, token } = await registerUser();
    const second = (await api.call('POST', `${B}/login`, { body: { username: email, password }, headers: ipHeaders('10.0.0.2') })).body.access_token;
    expect((await api.call('POST', `${B}/logout`, { token })).status).toBe(204);
    expect((await api.call('GET', `${B}/users/current`, { token })).status).toBe(401);
    expect((await api.call('POST', `${B}/logout`, { token })).status).toBe(401);
    expect((await api.call('GET', `${B}/users/current`, { token: second })).status).toBe(200);
  });

  test('a missing, unknown or expired token is 401', async () => {
    const { email } = await registerUser();
    expect((await api.call('GET', `${B}/users/current`)).status).toBe(401);
    expect((await api.call('GET', `${B}/users/current`, { token: 'not-a-token' })).body).toEqual({ error: 'Not authorized', code: 'unauthorized' });
    const user = await tdb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const expired = await issueToken(tdb.db, user.id, 'access', -60);
    expect((await api.call('GET', `${B}/users/current`, { token: expired })).status).toBe(401);
    const reset = await issueToken(tdb.db, user.id, 'reset', 600);
    expect((await api.call('GET', `${B}/users/current`, { token: reset })).status).toBe(401);
  });

  test('5 failures for one address within 15 minutes delay even the right password (429 and Retry-After, from 5 s)', async () => {
    const { email, password } = await registerUser();
    const headers = ipHeaders('10.0.1.1');
    for (let i = 0; i < 5; i++) {
      expect((await api.call('POST', `${B}/login`, { body: { username: email, password: `wrong-${i}-pass` }, headers })).status).toBe(401);
    }
    const blocked = await api.call('POST', `${B}/login`, { body: { username: email, password }, headers: ipHeaders('10.0.1.2') });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    // Once the failures are older than the window, the right password works again.
    await tdb.db.updateTable('login_attempts').set({ at: new Date(Date.now() - 16 * 60_000).toISOString() }).where('key', '=', `email:${email}`).execute();
    expect((await api.call('POST', `${B}/login`, { body: { username: email, password }, headers })).status).toBe(200);
  });

  test('100 parallel wrong passwords for one account: at most 5 reach the password check, the rest are 429', async () => {
    const { email, password } = await registerUser();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => api.call('POST', `${B}/login`, { body: { username: email, password: `wrong-${i}-pass` }, headers: ipHeaders(`10.0.9.${i}`) })),
    );
    const statuses = answers.map((a) => a.status);
    // A 401 is answered only after the password was compared; a 429 before.
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect((await api.call('POST', `${B}/login`, { body: { username: email, password }, headers: ipHeaders('10.0.9.200') })).status).toBe(429);
  }, 60_000);

  test('20 failures from one IP address refuse that address with 429', async () => {
    const headers = ipHeaders('10.0.2.1');
    for (let i = 0; i < 20; i++) {
      expect((await api.call('POST', `${B}/login`, { body: { username: `nobody${i}@example.com`, password: 'wrong-pass' }, headers })).status).toBe(401);
    }
    const { email, password } = await registerUser();
    expect((await api.call('POST', `${B}/login`, { body: { username: email, password }, headers })).status).toBe(429);
    expect((await api.call('POST', `${B}/login`, { body: { username: email, password }, headers: ipHeaders('10.0.2.2') })).status).toBe(200);
  }, 60_000);
});

describe('password', () => {
  test('the reset mail is in the language of the request', async () => {
    const { email } = await registerUser();
    expect((await api.call('POST', `${B}/users/password`, { body: { email }, headers: { Cookie: 'lang=pl' } })).status).toBe(200);
    await backgroundSettled();
    const mail = mailsTo(email).find((m) => m.subject === 'Zresetuj hasło');
    expect(mail?.text).toContain('Aby ustawić nowe hasło, otwórz ten link:');
    expect(tokenIn(mail?.text ?? '', '/reset-password')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  test('reset request is always 200; a known address gets a single-use link that sets the password and ends other sessions', async () => {
    const { email, token } = await registerUser();
    expect((await api.call('POST', `${B}/users/password`, { body: { email: 'nobody-here@example.com' } })).body).toEqual({ status: 'ok' });
    const req = await api.call('POST', `${B}/users/password`, { body: { email } });
    await backgroundSettled();
    expect(req.status).toBe(200);
    const mail = mailsTo(email).find((m) => m.subject === 'Reset your password');
    expect(mail?.text).toContain('http://localhost:3000/reset-password?token=');
    const resetToken = tokenIn(mail?.text ?? '', '/reset-password') as string;
    expect(resetToken).toBeTruthy();

    const changed = await api.call('PUT', `${B}/users/password`, { body: { token: resetToken, newPassword: 'brand new pass' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ status: 'ok' });
    expect((await api.call('GET', `${B}/users/current`, { token })).status).toBe(401);
    expect((await api.call('POST', `${B}/login`, { body: { username: email, password: 'brand new pass' }, headers: ipHeaders('10.0.3.1') })).status).toBe(200);
    const again = await api.call('PUT', `${B}/users/password`, { body: { token: resetToken, newPassword: 'another pass 2' } });
    expect(again.status).toBe(400);
    expect(again.body.fields).toHaveProperty('token');
  });

  test('change with the old password keeps the current session and ends the others', async () => {
    const { email, password, token } = await registerUser();
    const other = (await api.call('POST', `${B}/login`, { body: { username: email, password }, headers: ipHeaders('10.0.4.1') })).body.access_token;
    const wrong = await api.call('PUT', `${B}/users/password`, { token, body: { oldPassword: 'not it at all', newPassword: 'next password 7 plum' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toHaveProperty('oldPassword');
    expect((await api.call('PUT', `${B}/users/password`, { body: { oldPassword: password, newPassword: 'next password 7 plum' } })).status).toBe(401);
    expect((await api.call('PUT', `${B}/users/password`, { token, body: { oldPassword: password, newPassword: 'short' } })).status).toBe(400);
    expect((await api.call('PUT', `${B}/users/password`, { token, body: { newPassword: 'next password 7 plum' } })).status).toBe(400);
    const ok = await api.call('PUT', `${B}/users/password`, { token, body: { oldPassword: password, newPassword: 'next password 7 plum' } });
    expect(ok.status).toBe(200);
    expect((await api.call('GET', `${B}/users/current`, { token })).status).toBe(200);
    expect((await api.call('GET', `${B}/users/current`, { token: other })).status).toBe(401);
  });
});

describe('password changes end what the old password opened', () => {
  const resetLink = async (email: string) => {
    expect((await api.call('POST', `${B}/users/password`, { body: { email } })).status).toBe(200);
    await backgroundSettled();
    const mail = mailsTo(email).filter((m) => m.subject === 'Reset your password').pop();
    return tokenIn(mail?.text ?? '', '/reset-password') as string;
  };

  test('a reset link is valid for one hour', async () => {
    const { email } = await registerUser();
    const before = Date.now();
    const link = await resetLink(email);
    const row = await tdb.db.selectFrom('auth_tokens').select(['expires_at']).where('token_hash', '=', hashToken(link)).executeTakeFirstOrThrow();
    const lifetime = new Date(row.expires_at).getTime() - before;
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(61 * 60_000);
    await tdb.db.updateTable('auth_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('token_hash', '=', hashToken(link)).execute();
    expect((await api.call('PUT', `${B}/users/password`, { body: { token: link, newPassword: 'brand new pass' } })).status).toBe(400);
  });

  test('a change with the old password revokes every outstanding reset link, and each change is mailed', async () => {
    const { email, password, token } = await registerUser();
    const first = await resetLink(email);
    const second = await resetLink(email);
    expect((await api.call('PUT', `${B}/users/password`, { token, body: { oldPassword: password, newPassword: 'next password 7 plum' }, headers: { Cookie: 'lang=ru' } })).status).toBe(200);
    for (const link of [first, second]) {
      const used = await api.call('PUT', `${B}/users/password`, { body: { token: link, newPassword: 'attacker pass' } });
      expect(used.status).toBe(400);
      expect(used.body.fields).toHaveProperty('token');
    }
    const changed = mailsTo(email).filter((m) => m.subject === 'Ваш пароль изменён');
    expect(changed).toHaveLength(1);
    expect(changed[0]?.text).toContain('Здравствуйте, Anna!');
    expect(changed[0]?.text).toContain('http://localhost:3000/login');
  });

  test('a reset revokes the other reset links and mails the change in the request language', async () => {
    const { email } = await registerUser();
    const first = await resetLink(email);
    const second = await resetLink(email);
    expect((await api.call('PUT', `${B}/users/password`, { body: { token: second, newPassword: 'brand new pass' }, headers: { Cookie: 'lang=pl' } })).status).toBe(200);
    expect((await api.call('PUT', `${B}/users/password`, { body: { token: first, newPassword: 'attacker pass' } })).status).toBe(400);
    const mail = mailsTo(email).find((m) => m.subject === 'Twoje hasło zostało zmienione');
    expect(mail?.text).toContain('Dzień dobry, Anna,');
    expect(mail?.text).toContain('Nie pamiętasz hasła?');
    expect(mailsTo(email).filter((m) => m.subject === 'Your password was changed')).toHaveLength(0);
  });

  test('the old-password check is limited like logins: after 5 wrong ones even the right one is delayed (429); parallel guesses do not overrun it', async () => {
    const { email, password, token } = await registerUser();
    const headers = ipHeaders('10.0.7.1');
    for (let i = 0; i < 5; i++) {
      expect((await api.call('PUT', `${B}/users/password`, { token, body: { oldPassword: `wrong-${i}-pass`, newPassword: 'next password 7 plum' }, headers })).status).toBe(400);
    }
    const blocked = await api.call('PUT', `${B}/users/password`, { token, body: { oldPassword: password, newPassword: 'next password 7 plum' }, headers: ipHeaders('10.0.7.2') });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    // The same counter as the login's.
    expect((await api.call('POST', `${B}/login`, { body: { username: email, password }, headers: ipHeaders('10.0.7.3') })).status).toBe(429);

    const other = await registerUser();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api.call('PUT', `${B}/users/password`, { token: other.token, body: { oldPassword: `wrong-${i}-pass`, newPassword: 'next password 7 plum' }, headers: ipHeaders(`10.0.8.${i}`) }),
      ),
    );
    expect(answers.filter((a) => a.status === 400).length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status !== 400 && a.status !== 429)).toEqual([]);
  }, 60_000);
});

describe('reset requests do not reveal accounts', () => {
  test('known and unknown addresses get the same answer in the same time: the mail goes out after the answer', async () => {
    const { email } = await registerUser();
    // A mail server that accepts connections and never answers: a request that waited for the mail would hang.
    const sockets = new Set<net.Socket>();
    const stalled = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const before = getConfig();
    setConfigForTests({ ...before, smtpUrl: `smtp://127.0.0.1:${(stalled.address() as net.AddressInfo).port}` });
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const timed = async (address: string) => {
        const started = performance.now();
        const res = await api.call('POST', `${B}/users/password`, { body: { email: address }, settle: false });
        return { status: res.status, body: res.body as unknown, ms: performance.now() - started };
      };
      const known = [];
      const unknown = [];
      for (let i = 0; i < 5; i++) {
        known.push(await timed(email));
        unknown.push(await timed(`nobody-${i}-${Date.now()}@example.com`));
      }
      for (const r of [...known, ...unknown]) expect({ status: r.status, body: r.body }).toEqual({ status: 200, body: { status: 'ok' } });
      const median = (rs: { ms: number }[]) => rs.map((r) => r.ms).sort((a, b) => a - b)[2] as number;
      expect(median(known)).toBeLessThan(1000);
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(150);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => stalled.close(() => resolve()));
      await backgroundSettled();
      consoleError.mockRestore();
      setConfigForTests(before);
    }
  }, 60_000);
});

describe('password rules and hashes', () => {
  const hashOf = async (email: string) => (await tdb.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow()).password_hash;

  test('at least 12 characters, on register, reset and change', async () => {
    const short = await api.call('POST', `${B}/register`, { body: { email: newEmail(), password: 'eleven char', firstName: 'A', lastName: 'B' } });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ password: 'The password must have at least 12 characters' });
    const { password, token } = await registerUser();
    const change = await api.call('PUT', `${B}/users/password`, { token, body: { oldPassword: password, newPassword: 'eleven char' } });
    expect(change.status).toBe(400);
    expect(change.body.fields).toEqual({ newPassword: 'The password must have at least 12 characters' });
  });

  test('a commonly breached password is refused in any letter case, without consuming the reset link', async () => {
    const breached = 'QwertyUIOP123';
    const reg = await api.call('POST', `${B}/register`, { body: { email: newEmail(), password: breached, firstName: 'A', lastName: 'B' } });
    expect(reg.status).toBe(400);
    expect(reg.body).toEqual({ error: 'This password appears in lists of leaked passwords; choose another', code: 'bad_request', fields: { password: 'This password appears in lists of leaked passwords; choose another' } });
    const { email, password, token } = await registerUser();
    expect((await api.call('PUT', `${B}/users/password`, { token, body: { oldPassword: password, newPassword: '1qaz2wsx3edc' } })).body.fields).toHaveProperty('newPassword');
    expect((await api.call('POST', `${B}/users/password`, { body: { email } })).status).toBe(200);
    await backgroundSettled();
    const link = tokenIn(mailsTo(email).filter((m) => m.subject === 'Reset your password').pop()?.text ?? '', '/reset-password') as string;
    expect((await api.call('PUT', `${B}/users/password`, { body: { token: link, newPassword: 'qwerty123456' } })).body.fields).toHaveProperty('newPassword');
    expect((await api.call('PUT', `${B}/users/password`, { body: { token: link, newPassword: 'my own long phrase' } })).status).toBe(200);
  });

  test('every character counts: two passwords equal in their first 72 bytes are different passwords', async () => {
    // 72 bytes in UTF-8 (a phrase, so that the password is not too easy to guess).
    const prefix = 'Plum orchard 42 violet, żółta łódź; the quiet heron waits by the r';
    expect(Buffer.byteLength(prefix)).toBe(72);
    const { email } = await registerUser({ password: `${prefix}first` });
    expect(await hashOf(email)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const headers = ipHeaders('10.0.10.1');
    expect((await api.call('POST', `${B}/login`, { body: { username: email, password: `${prefix}other` }, headers })).status).toBe(401);
    expect((await api.call('POST', `${B}/login`, { body: { username: email, password: `${prefix}first` }, headers })).status).toBe(200);
  });

  test('an account with an old bcrypt hash still logs in, and its hash becomes argon2id', async () => {
    const { email } = await registerUser();
    await tdb.db.updateTable('users').set({ password_hash: bcrypt.hashSync('legacy password', 11) }).where('email', '=', email).execute();
    const headers = ipHeaders('10.0.11.1');
    expect((await api.call('POST', `${B}/login`, { body: { username: email, password: 'legacy wrong' }, headers })).status).toBe(401);
    expect(await hashOf(email)).toMatch(/^\$2[ab]\$/);
    expect((await api.call('POST', `${B}/login`, { body: { username: email, password: 'legacy password' }, headers })).status).toBe(200);
    expect(await hashOf(email)).toMatch(/^\$argon2id\$/);
    expect((await api.call('POST', `${B}/login`, { body: { username: email, password: 'legacy password' }, headers })).status).toBe(200);
  });
});

describe('user update', () => {
  test('updates own fields; another id is 404; a laboratory must exist; bad input changes nothing', async () => {
    const { token } = await registerUser();
    const me = (await api.call('GET', `${B}/users/current`, { token })).body;
    const upd = await api.call('PUT', `${B}/users/${me.id}`, {
      token,
      body: { firstName: 'Maria', lastName: 'Nowak', phone: '+375 29 123 45 67', dateOfBirth: '1985-12-31', laboratoryId: 'minsk-centre', locale: 'ru' },
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ id: me.id, firstName: 'Maria', lastName: 'Nowak', phone: '+375 29 123 45 67', dateOfBirth: '1985-12-31', laboratoryId: 'minsk-centre', locale: 'ru' });
    const partial = await api.call('PUT', `${B}/users/${me.id}`, { token, body: { laboratoryId: 'vilnius-antakalnis' } });
    expect(partial.body).toMatchObject({ firstName: 'Maria', laboratoryId: 'vilnius-antakalnis' });

    const other = await registerUser();
    const otherMe = (await api.call('GET', `${B}/users/current`, { token: other.token })).body;
    const foreign = await api.call('PUT', `${B}/users/${otherMe.id}`, { token, body: { firstName: 'Hacker' } });
    expect(foreign.status).toBe(404);
    expect((await api.call('GET', `${B}/users/current`, { token: other.token })).body.firstName).toBe('Anna');
    expect((await api.call('PUT', `${B}/users/999999`, { token, body: { firstName: 'X' } })).status).toBe(404);
    expect((await api.call('PUT', `${B}/users/abc`, { token, body: { firstName: 'X' } })).status).toBe(400);
    expect((await api.call('PUT', `${B}/users/${me.id}`, { body: { firstName: 'X' } })).status).toBe(401);

    const badLab = await api.call('PUT', `${B}/users/${me.id}`, { token, body: { laboratoryId: 'atlantis' } });
    expect(badLab.status).toBe(400);
    expect(badLab.body.fields).toEqual({ laboratoryId: 'Laboratory not found' });
    for (const body of [{ firstName: '' }, { firstName: 7 }, { locale: 'de' }, { phone: 'call me' }, { dateOfBirth: 'yesterday' }, { lastName: 'x'.repeat(101) }]) {
      expect((await api.call('PUT', `${B}/users/${me.id}`, { token, body })).status).toBe(400);
    }
    expect((await api.call('PUT', `${B}/users/${me.id}`, { token, rawBody: '{nope' })).status).toBe(400);
    expect((await api.call('GET', `${B}/users/current`, { token })).body).toMatchObject({ firstName: 'Maria', laboratoryId: 'vilnius-antakalnis', locale: 'ru' });
  });
});

describe('e-mail confirmation', () => {
  test('send-activation-email mails a link and token; activate confirms once; then 409 already confirmed', async () => {
    const { email, token } = await registerUser();
    expect((await api.call('POST', `${B}/users/send-activation-email`)).status).toBe(401);
    const sent = await api.call('POST', `${B}/users/send-activation-email`, { token, body: { returnTo: 'order' } });
    expect(sent.status).toBe(200);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    const last = mails[mails.length - 1]?.text ?? '';
    expect(last).toContain('returnTo=order');
    const activation = tokenIn(last, '/confirm-email') as string;
    expect(last).toContain(`confirmation code on the site: ${activation}`);

    expect((await api.call('POST', `${B}/users/activate`, { body: { token: 'made-up' } })).body).toEqual({ error: 'Email confirmation token not found', code: 'confirmation_token_not_found' });
    expect((await api.call('POST', `${B}/users/activate`, { body: {} })).status).toBe(400);
    const ok = await api.call('POST', `${B}/users/activate`, { body: { token: activation } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email, emailConfirmed: true });
    const reuse = await api.call('POST', `${B}/users/activate`, { body: { token: activation } });
    expect(reuse.status).toBe(404);
    const first = tokenIn(mails[0]?.text ?? '', '/confirm-email') as string;
    expect((await api.call('POST', `${B}/users/activate`, { body: { token: first } })).status).toBe(404);

    const again = await api.call('POST', `${B}/users/send-activation-email`, { token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Email is already confirmed', code: 'email_already_confirmed' });
  });

  test('an expired confirmation token is not found', async () => {
    const { email } = await registerUser();
    const user = await tdb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const expired = await issueToken(tdb.db, user.id, 'activation', -1);
    expect((await api.call('POST', `${B}/users/activate`, { body: { token: expired } })).status).toBe(404);
  });
});
