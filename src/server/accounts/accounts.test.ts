import { issueToken } from '@/server/accounts/repositories/accounts';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { B, ipHeaders, mailsTo, newEmail, registerUser as registerAccount, tokenIn } from '@/server/testing/accountHelpers';

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

const registerUser = (overrides: Record<string, unknown> = {}) => registerAccount(api, overrides);

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
    expect(ru.mails[0]?.text).toMatch(/Или введите на странице подтверждения этот код из 6 символов: [2-9A-HJ-NP-Z]{6} \(он действует, пока действует ссылка\)/);

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

  test("an existing e-mail (in any case) is 400 'Such user exists' on the e-mail (spec §8; registerKnownAddress.test.ts)", async () => {
    const { email } = await registerUser();
    const res = await api.call('POST', `${B}/register`, { body: { email: email.toUpperCase(), password: 'whatever pass 12', firstName: 'B', lastName: 'C' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Such user exists', code: 'user_exists', fields: { email: 'Such user exists' } });
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
    expect(last).toMatch(/enter this 6-character code on the confirmation page: [2-9A-HJ-NP-Z]{6} /);

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
