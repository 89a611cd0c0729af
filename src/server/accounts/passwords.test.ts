import bcrypt from 'bcryptjs';
import net from 'node:net';
import { getConfig, setConfigForTests } from '@/server/config';
import { hashToken } from '@/server/tokens';
import { backgroundSettled } from '@/server/background';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { B, ipHeaders, mailsTo, newEmail, registerUser as registerAccount, tokenIn } from '@/server/testing/accountHelpers';

/** Passwords over HTTP (SQLite and PostgreSQL): reset, change, the rules and hashes, and what a change ends. */
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

const registerUser = (overrides: Record<string, unknown> = {}) => registerAccount(api, overrides);

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
