import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser, type FixtureUser } from '@/server/testing/orderFixtures';
import { writeResults } from '@/server/results/resultEntry';
import { answerInvite } from '@/server/accounts/household';
import { listPatients } from '@/server/accounts/patients';
import { assertReadsPatientResults } from '@/server/results/resultAccess';
import { runAgeOut } from '@/server/accounts/householdAgeOut';
import { jobDefinitions } from '@/server/jobList';
import { hashToken } from '@/server/tokens';
import { mailsTo, tokenIn } from '@/server/testing/accountHelpers';

/**
 * Household consent over the real routes (SQLite, and PostgreSQL with DATABASE_URL): invites,
 * accepting and refusing, results refused until consent, withdrawal, the access log, and the 18th
 * birthday with an injected clock.
 */
const suite = setUpApiSuite();
const B = '/api/backend';
let seq = 0;
const email = (name: string) => `${name}.${++seq}.${Date.now()}@family.test`;

/** YYYY-MM-DD `years` years (and `days` days) before today, UTC. */
function bornAgo(years: number, days = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

async function family(opts: { dateOfBirth?: string; memberEmail?: string | null } = {}) {
  const db = suite.db.db;
  const labId = await createLab(db);
  const glucose = await createAnalysis(db, { name: 'Glucose' });
  const father = await createUser(db, { email: email('father'), firstName: 'Jan', lastName: 'Kowalski' });
  const memberEmail = opts.memberEmail === undefined ? email('daughter') : opts.memberEmail;
  const patientId = await createPatient(db, father.id, { firstName: 'Ola', lastName: 'Kowalska', gender: 'female', dateOfBirth: opts.dateOfBirth ?? '1999-03-03', email: memberEmail });
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: labId });
  const slot = await createSlot(db, labId, 48);
  const order = await createOrder(db, { userId: father.id, laboratoryId: labId, slotId: slot.id, status: 'in_lab', lines: [{ patientId, analysisId: glucose }] });
  await writeResults(db, order.id, [{ patientId, analysisId: glucose, value: 5.1 }], staff.id);
  const resultId = (await db.selectFrom('analysis_results').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow()).id;
  return { father, patientId, memberEmail: memberEmail ?? '', order, resultId, glucose };
}

type Family = Awaited<ReturnType<typeof family>>;

/** Every results call of the patient in the order. */
function resultPaths(f: Family): string[] {
  const base = `${B}/test-results/${f.order.id}`;
  const p = `${base}/patients/${f.patientId}`;
  return [base, p, `${p}/analysis-results/${f.resultId}`, `${p}/pdf`, `${base}/fhir`, `${base}/fhir?patientId=${f.patientId}`, `${p}/shares`];
}

async function statuses(token: string, paths: string[]) {
  const out: [number, string | undefined][] = [];
  for (const path of paths) {
    const res = await suite.api.call('GET', path, { token });
    out.push([res.status, res.body?.code]);
  }
  return out;
}

const accessOf = async (f: Family) => ((await suite.api.call('GET', `${B}/patient`, { token: f.father.token })).body as { id: number; access: string }[]).find((p) => p.id === f.patientId)?.access;

/** The invite's token from the newest mail delivered to `to` (the outbox's sender runs in the background). */
async function inviteToken(to: string, count = 1): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mails = mailsTo(to).filter((m) => m.text.includes('/patient-invite?'));
    const last = mails[count - 1];
    if (last) return tokenIn(last.text, '/patient-invite') ?? '';
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invite mail to ${to}`);
}

const invite = (f: Family) => suite.api.call('POST', `${B}/patient/${f.patientId}/invite`, { token: f.father.token });
const answer = (user: FixtureUser, token: string, what: 'accept' | 'refuse') => suite.api.call('POST', `${B}/patient-invites/${what}`, { token: user.token, body: { token } });
const auditWhat = async (user: FixtureUser) => ((await suite.api.call('GET', `${B}/users/current/audit`, { token: user.token })).body as { what: string; counterpartName?: string }[]).filter((r) => r.what.startsWith('access_'));

describe('an adult family member', () => {
  test('until they accept, the account orders for them and sees the order, but every results call answers 403 consent_required', async () => {
    const f = await family();
    expect(await accessOf(f)).toBe('pending');
    expect((await suite.api.call('GET', `${B}/orders/${f.order.id}`, { token: f.father.token })).status).toBe(200);
    expect(await statuses(f.father.token, resultPaths(f))).toEqual(resultPaths(f).map(() => [403, 'consent_required']));
    expect((await suite.api.call('POST', `${B}/test-results/${f.order.id}/patients/${f.patientId}/shares`, { token: f.father.token, body: { days: 3 } })).body.code).toBe('consent_required');
    // The list still names the set, without counting what the account may not read.
    const list = await suite.api.call('GET', `${B}/test-results`, { token: f.father.token });
    expect(list.body.find((s: { id: number }) => s.id === f.order.id)).toMatchObject({ resultCount: 0, flaggedCount: 0 });
  });

  test('invite (202, a single-use link for 14 days), accept, read; withdraw, 403 again; each step in both access logs', async () => {
    const f = await family();
    const daughter = await createUser(suite.db.db, { email: f.memberEmail, firstName: 'Ola', lastName: 'Kowalska' });
    const sent = await invite(f);
    expect(sent.status).toBe(202);
    const days = (Date.parse(sent.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const token = await inviteToken(f.memberEmail);
    expect(await accessOf(f)).toBe('pending');

    const stranger = await createUser(suite.db.db, { email: email('stranger') });
    const wrong = await answer(stranger, token, 'accept');
    expect([wrong.status, wrong.body.code]).toEqual([403, 'invite_other_address']);
    expect((await suite.api.call('POST', `${B}/patient-invites/accept`, { token: daughter.token, body: {} })).status).toBe(400);

    const ok = await answer(daughter, token, 'accept');
    expect([ok.status, ok.body.access]).toEqual([200, 'consented']);
    expect((await answer(daughter, token, 'accept')).status).toBe(410); // single use
    expect(await accessOf(f)).toBe('consented');
    expect((await statuses(f.father.token, resultPaths(f))).map(([s]) => s)).toEqual(resultPaths(f).map(() => 200));

    const held = await suite.api.call('GET', `${B}/users/current/record-access`, { token: daughter.token });
    expect(held.status).toBe(200);
    expect(held.body).toEqual([{ id: expect.any(Number), holderName: 'Jan Kowalski', since: expect.any(String) }]);
    expect((await suite.api.call('GET', `${B}/users/current/record-access`, { token: stranger.token })).body).toEqual([]);
    expect((await suite.api.call('DELETE', `${B}/users/current/record-access/${held.body[0].id}`, { token: stranger.token })).status).toBe(404);

    const gone = await suite.api.call('DELETE', `${B}/users/current/record-access/${held.body[0].id}`, { token: daughter.token });
    expect(gone.status).toBe(204);
    expect(await accessOf(f)).toBe('ended');
    expect(await statuses(f.father.token, resultPaths(f))).toEqual(resultPaths(f).map(() => [403, 'consent_required']));
    expect((await suite.api.call('GET', `${B}/users/current/record-access`, { token: daughter.token })).body).toEqual([]);
    expect((await suite.api.call('DELETE', `${B}/users/current/record-access/${held.body[0].id}`, { token: daughter.token })).status).toBe(404);

    expect((await auditWhat(f.father)).map((r) => [r.what, r.counterpartName])).toEqual([
      ['access_withdrawn', 'Ola Kowalska'],
      ['access_granted', 'Ola Kowalska'],
      ['access_invited', 'Ola Kowalska'],
    ]);
    expect((await auditWhat(daughter)).map((r) => [r.what, r.counterpartName])).toEqual([
      ['access_withdrawn', 'Jan Kowalski'],
      ['access_granted', 'Jan Kowalski'],
    ]);
  });

  test('a refusal keeps the results closed and is in both logs; a new invite may be answered later', async () => {
    const f = await family();
    const daughter = await createUser(suite.db.db, { email: f.memberEmail });
    expect((await invite(f)).status).toBe(202);
    const refused = await answer(daughter, await inviteToken(f.memberEmail), 'refuse');
    expect([refused.status, refused.body.access]).toEqual([200, 'refused']);
    expect(await accessOf(f)).toBe('refused');
    expect(await statuses(f.father.token, resultPaths(f).slice(1, 3))).toEqual([
      [403, 'consent_required'],
      [403, 'consent_required'],
    ]);
    expect((await auditWhat(f.father)).map((r) => r.what)).toEqual(['access_refused', 'access_invited']);
    expect((await auditWhat(daughter)).map((r) => r.what)).toEqual(['access_refused']);

    expect((await invite(f)).status).toBe(202);
    expect(await accessOf(f)).toBe('pending');
    expect((await answer(daughter, await inviteToken(f.memberEmail, 2), 'accept')).status).toBe(200);
    expect(await accessOf(f)).toBe('consented');
  });

  test('bad invites: a minor, one’s own address or record, no address, another account’s record; a second account claiming the record is 409', async () => {
    const f = await family();
    const put = (dateOfBirth: string, mail: string | null) =>
      suite.api.call('PUT', `${B}/patient/${f.patientId}`, { token: f.father.token, body: { personalDetails: { firstName: 'Ola', lastName: 'Kowalska', gender: 'female', dateOfBirth, email: mail, phone: null } } });

    // An adult's record is not made a minor's (docs/spec-decisions.md, 13): a record of a child of 15 with an address.
    expect((await put(bornAgo(16, -10), f.memberEmail)).body.code).toBe('date_of_birth_locked');
    const child = await createPatient(suite.db.db, f.father.id, { firstName: 'Kid', dateOfBirth: bornAgo(16, -10), email: email('kid') });
    const minor = await suite.api.call('POST', `${B}/patient/${child}/invite`, { token: f.father.token });
    expect([minor.status, minor.body.code]).toEqual([400, 'invite_minor']);
    expect((await put('1999-03-03', null)).status).toBe(200);
    expect((await invite(f)).body.code).toBe('invite_no_email');
    expect((await put('1999-03-03', f.father.email.toUpperCase())).status).toBe(200);
    expect((await invite(f)).body.code).toBe('invite_own_address');
    const own = await createPatient(suite.db.db, f.father.id, { isUser: true, email: email('x') });
    const self = await suite.api.call('POST', `${B}/patient/${own}/invite`, { token: f.father.token });
    expect([self.status, self.body.code]).toEqual([400, 'invite_own_address']);
    const other = await createUser(suite.db.db);
    expect((await suite.api.call('POST', `${B}/patient/${f.patientId}/invite`, { token: other.token })).status).toBe(404);

    // Two invites out (the address was changed in between); the first to answer claims the record.
    const first = email('first');
    const second = email('second');
    await put('1999-03-03', first);
    expect((await invite(f)).status).toBe(202);
    await put('1999-03-03', second);
    expect((await invite(f)).status).toBe(202);
    const a = await createUser(suite.db.db, { email: first });
    const b = await createUser(suite.db.db, { email: second });
    expect((await answer(a, await inviteToken(first), 'accept')).status).toBe(200);
    const claimed = await answer(b, await inviteToken(second), 'accept');
    expect([claimed.status, claimed.body.code]).toEqual([409, 'record_claimed']);
    expect((await suite.api.call('GET', `${B}/users/current/record-access`, { token: b.token })).body).toEqual([]);
    expect((await invite(f)).body.code).toBe('record_claimed');
    // Nothing half-written: only the one consent.
    const rows = await suite.db.db.selectFrom('record_access').selectAll().where('patient_id', '=', f.patientId).execute();
    expect(rows.map((r) => [r.member_user_id, r.state])).toEqual([[a.id, 'consented']]);
  });

  test('an invite link expires after 14 days and unknown tokens are 404 (injected clock)', async () => {
    const f = await family();
    const daughter = await createUser(suite.db.db, { email: f.memberEmail });
    const sentAt = new Date();
    expect((await invite(f)).status).toBe(202);
    const token = await inviteToken(f.memberEmail);
    const user = { id: daughter.id, email: daughter.email, role: 'patient' as const, staffLaboratoryId: null };
    await expect(answerInvite(suite.db.db, user, token, 'accept', new Date(sentAt.getTime() + 14 * 86_400_000 + 1000))).rejects.toMatchObject({ status: 410 });
    await expect(answerInvite(suite.db.db, user, 'x'.repeat(43), 'accept')).rejects.toMatchObject({ status: 404 });
    const row = await suite.db.db.selectFrom('patient_invites').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
    await expect(answerInvite(suite.db.db, user, token, 'accept', new Date(sentAt.getTime() + 13 * 86_400_000))).resolves.toEqual({ access: 'consented' });
  });
});

describe('a child', () => {
  test('the guardian reads everything until the 18th birthday, then the access ends (injected clock)', async () => {
    const f = await family({ dateOfBirth: bornAgo(18, -40) }); // turns 18 in 40 days
    const dayBefore = new Date(Date.now() + 39 * 86_400_000);
    const birthday = new Date(Date.now() + 40 * 86_400_000 + 3_600_000);
    const access = async (now: Date) => (await listPatients(suite.db.db, f.father.id, now)).find((p) => p.id === f.patientId)?.access;
    expect(await access(new Date())).toBe('guardian');
    expect((await statuses(f.father.token, resultPaths(f))).map(([s]) => s)).toEqual(resultPaths(f).map(() => 200));
    expect(await access(dayBefore)).toBe('guardian');
    await expect(assertReadsPatientResults(suite.db.db, f.father, { user_id: f.father.id }, f.patientId, dayBefore)).resolves.toBeUndefined();
    expect(await access(birthday)).toBe('ended');
    await expect(assertReadsPatientResults(suite.db.db, f.father, { user_id: f.father.id }, f.patientId, birthday)).rejects.toMatchObject({ status: 403, code: 'consent_required' });
  });

  test('from 16 the patient can be invited; a consent given at 17 carries on past 18', async () => {
    const f = await family({ dateOfBirth: bornAgo(18, -10) });
    const teen = await createUser(suite.db.db, { email: f.memberEmail });
    expect((await invite(f)).status).toBe(202);
    expect((await answer(teen, await inviteToken(f.memberEmail), 'accept')).status).toBe(200);
    expect(await accessOf(f)).toBe('guardian');
    const after = new Date(Date.now() + 11 * 86_400_000);
    expect((await listPatients(suite.db.db, f.father.id, after)).find((p) => p.id === f.patientId)?.access).toBe('consented');
    await expect(assertReadsPatientResults(suite.db.db, f.father, { user_id: f.father.id }, f.patientId, after)).resolves.toBeUndefined();
  });

  test('the daily job mails the guardian a month before and on the day, once each, and logs the end', async () => {
    const f = await family({ dateOfBirth: bornAgo(18, -25), memberEmail: null });
    const job = jobDefinitions().find((d) => d.name === 'record-access-age-out');
    expect(job?.everyMs).toBe(86_400_000);
    const mails = () => suite.db.db.selectFrom('mail_outbox').select(['kind', 'subject']).where('to_address', '=', f.father.email).where('kind', 'like', 'ageOut%').orderBy('id').execute();

    await runAgeOut(suite.db.db, new Date(Date.now() - 10 * 86_400_000)); // 35 days before: nothing yet
    expect(await mails()).toEqual([]);
    await job!.handler({}, { db: suite.db.db, id: 'test', attempt: 1, now: new Date() });
    await runAgeOut(suite.db.db, new Date(Date.now() + 86_400_000));
    expect(await mails()).toEqual([{ kind: 'ageOutSoon', subject: 'Ola Kowalska turns 18 soon' }]);
    expect(await auditWhat(f.father)).toEqual([]);

    const onTheDay = new Date(Date.now() + 25 * 86_400_000 + 3_600_000);
    await runAgeOut(suite.db.db, onTheDay);
    await runAgeOut(suite.db.db, new Date(onTheDay.getTime() + 86_400_000));
    expect((await mails()).map((m) => m.kind)).toEqual(['ageOutSoon', 'ageOutEnded']);
    expect((await auditWhat(f.father)).map((r) => [r.what, r.counterpartName])).toEqual([['access_ended', 'Ola Kowalska']]);
  });
});
