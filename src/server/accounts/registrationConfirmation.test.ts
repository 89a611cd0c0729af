import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { B, ipHeaders, mailsTo, newEmail, tokenIn } from '@/server/testing/accountHelpers';

/**
 * Registration's consent to the terms and the confirmation code beside the link (SQLite and
 * PostgreSQL), with the anti-automation limits on: each account registers from its own address.
 */
let tdb: TestDb;
let api: TestApiServer;
let ipSeq = 0;

beforeAll(async () => {
  tdb = await createTestDb({ seed: false, rateLimits: true });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

const CODE = /code on the confirmation page: ([2-9A-HJ-NP-Z]{6}) /;

async function register(extra: Record<string, unknown> = {}) {
  const email = newEmail();
  const headers = ipHeaders(`10.13.3.${++ipSeq}`);
  const res = await api.call('POST', `${B}/register`, { body: { email, password: 'correct horse 1', firstName: 'Anna', lastName: 'Kowalska', ...extra }, headers });
  return { res, email, headers };
}

async function registered(extra: Record<string, unknown> = {}) {
  const { res, email, headers } = await register(extra);
  expect(res.status).toBe(201);
  const mail = mailsTo(email).at(-1)?.text ?? '';
  return { email, headers, token: res.body.accessToken as string, code: CODE.exec(mail)?.[1] ?? '', link: tokenIn(mail, '/confirm-email') ?? '' };
}

const userRow = (email: string) =>
  tdb.db.selectFrom('users').select(['id', 'terms_accepted_at', 'terms_accepted', 'email_confirmed']).where('email', '=', email).executeTakeFirstOrThrow();

describe('consent to the terms at registration', () => {
  test("the spec's payload (no consent) still registers, and no consent is recorded", async () => {
    const { email } = await registered();
    expect(await userRow(email)).toMatchObject({ terms_accepted_at: null, terms_accepted: null });
  });

  test("the form's consent is recorded with its time and the documents it covers", async () => {
    const before = new Date().toISOString();
    const { email } = await registered({ acceptTerms: true });
    const row = await userRow(email);
    expect(row.terms_accepted).toBe('terms-of-service,privacy-policy');
    expect(row.terms_accepted_at! >= before && row.terms_accepted_at! <= new Date().toISOString()).toBe(true);
  });

  test('a refused or malformed consent is a 400 naming the field, and no account is made', async () => {
    const refused = await register({ acceptTerms: false });
    expect(refused.res.status).toBe(400);
    expect(refused.res.body.fields).toEqual({ acceptTerms: 'Accept the terms of service and the privacy policy to create an account' });
    const odd = await register({ acceptTerms: 'maybe' });
    expect(odd.res.status).toBe(400);
    expect(odd.res.body.fields).toEqual({ acceptTerms: 'Enter true or false' });
    const rows = await tdb.db.selectFrom('users').select('id').where('email', 'in', [refused.email, odd.email]).execute();
    expect(rows).toHaveLength(0);
  });
});

describe('the confirmation code beside the link', () => {
  test('the mail carries a 6-character code; it is stored only hashed; the signed-in user confirms with it as typed', async () => {
    const { email, token, code, link } = await registered();
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{6}$/);
    const stored = await tdb.db.selectFrom('auth_tokens').innerJoin('users', 'users.id', 'auth_tokens.user_id').select(['code_hash']).where('users.email', '=', email).where('kind', '=', 'activation').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.code_hash).not.toContain(code);

    const typed = `${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`;
    const ok = await api.call('POST', `${B}/users/activate`, { token, body: { code: typed } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email, emailConfirmed: true });
    // Used up with its link: neither works again.
    expect((await api.call('POST', `${B}/users/activate`, { token, body: { code } })).status).toBe(404);
    expect((await api.call('POST', `${B}/users/activate`, { body: { token: link } })).status).toBe(404);
  });

  test("a visitor confirms with the address and the code; another account's code or a missing address does not", async () => {
    const anna = await registered();
    const olga = await registered();
    const noEmail = await api.call('POST', `${B}/users/activate`, { body: { code: anna.code } });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.fields).toEqual({ email: 'Sign in or enter the e-mail address the code was sent to' });
    const malformed = await api.call('POST', `${B}/users/activate`, { body: { code: 'O0I1', email: anna.email } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toEqual({ code: 'Enter the 6-character code from the e-mail' });
    if (olga.code !== anna.code) {
      const crossed = await api.call('POST', `${B}/users/activate`, { body: { code: anna.code, email: olga.email } });
      expect(crossed.status).toBe(404);
      expect(crossed.body).toEqual({ error: 'Email confirmation token not found', code: 'confirmation_token_not_found' });
    }
    const unknown = await api.call('POST', `${B}/users/activate`, { body: { code: anna.code, email: newEmail() } });
    expect(unknown.status).toBe(404);
    const ok = await api.call('POST', `${B}/users/activate`, { body: { code: anna.code, email: anna.email.toUpperCase() } });
    expect(ok.status).toBe(200);
    expect((await userRow(anna.email)).email_confirmed).toBe(1);
    expect((await userRow(olga.email)).email_confirmed).toBe(0);
  });

  test('the code expires with its link', async () => {
    const { email, token, code } = await registered();
    const { id } = await userRow(email);
    await tdb.db.updateTable('auth_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', id).where('kind', '=', 'activation').execute();
    expect((await api.call('POST', `${B}/users/activate`, { token, body: { code } })).status).toBe(404);
  });

  test('wrong codes are limited per account: after 5 the right one waits too (429, Retry-After); other accounts go on', async () => {
    const anna = await registered();
    const olga = await registered();
    const wrong = anna.code === '222222' ? '333333' : '222222';
    for (let i = 0; i < 5; i++) {
      const res = await api.call('POST', `${B}/users/activate`, { token: anna.token, body: { code: wrong }, headers: ipHeaders(`10.13.4.${i}`) });
      expect(res.status).toBe(404);
    }
    const refused = await api.call('POST', `${B}/users/activate`, { token: anna.token, body: { code: anna.code }, headers: ipHeaders('10.13.4.9') });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await userRow(anna.email)).email_confirmed).toBe(0);
    const other = await api.call('POST', `${B}/users/activate`, { token: olga.token, body: { code: olga.code }, headers: ipHeaders('10.13.4.10') });
    expect(other.status).toBe(200);
  });
});
