import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser, type FixtureUser } from '@/server/testing/orderFixtures';
import { writeResults } from '@/server/results/resultEntry';
import { mailsTo, tokenIn } from '@/server/testing/accountHelpers';

/**
 * Record transfer at 18 over the real routes (SQLite, and PostgreSQL with DATABASE_URL): the guardian
 * invites the now-adult to take the record; on acceptance the record, with the results of its earlier
 * orders, is the person's own and no longer the guardian's; both access logs say so.
 */
const suite = setUpApiSuite();
const B = '/api/backend';
let seq = 0;
const email = (name: string) => `${name}.${++seq}.${Date.now()}@transfer.test`;

function bornAgo(years: number, days = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

async function transferToken(to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = mailsTo(to).find((m) => m.text.includes('kind=transfer'));
    if (mail) return tokenIn(mail.text, '/patient-invite') ?? '';
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no transfer mail to ${to}`);
}

async function family() {
  const db = suite.db.db;
  const labId = await createLab(db);
  const glucose = await createAnalysis(db, { name: 'Glucose' });
  const father = await createUser(db, { email: email('father'), firstName: 'Jan', lastName: 'Kowalski' });
  const self = await createPatient(db, father.id, { firstName: 'Jan', isUser: true, dateOfBirth: '1970-01-01' });
  const daughterEmail = email('daughter');
  // Kept here since she was a child: the guardian's access ended at her 18th birthday.
  const daughter = await createPatient(db, father.id, { firstName: 'Ola', lastName: 'Kowalska', gender: 'female', dateOfBirth: bornAgo(19), email: daughterEmail, createdAt: new Date(Date.now() - 5 * 365 * 86_400_000).toISOString() });
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: labId });
  const slot = await createSlot(db, labId, 48);
  const mixed = await createOrder(db, { userId: father.id, laboratoryId: labId, slotId: slot.id, status: 'in_lab', lines: [{ patientId: self, analysisId: glucose }, { patientId: daughter, analysisId: glucose }] });
  await writeResults(db, mixed.id, [{ patientId: self, analysisId: glucose, value: 5.5 }, { patientId: daughter, analysisId: glucose, value: 4.4 }], staff.id);
  const hers = await createOrder(db, { userId: father.id, laboratoryId: labId, slotId: slot.id, status: 'in_lab', lines: [{ patientId: daughter, analysisId: glucose }] });
  await writeResults(db, hers.id, [{ patientId: daughter, analysisId: glucose, value: 4.9 }], staff.id);
  return { father, self, daughter, daughterEmail, mixed, hers };
}

const get = (user: FixtureUser, path: string) => suite.api.call('GET', `${B}${path}`, { token: user.token });
const auditWhat = async (user: FixtureUser) => ((await get(user, '/users/current/audit')).body as { what: string }[]).map((r) => r.what);

test('the now-adult takes the record with its history; the guardian no longer reads it; both logs say so', async () => {
  const f = await family();
  expect(((await get(f.father, '/patient')).body as { id: number; access: string }[]).find((p) => p.id === f.daughter)?.access).toBe('ended');
  expect((await suite.api.call('POST', `${B}/patient/${f.daughter}/transfer-invite`, { token: f.father.token })).status).toBe(202);
  const token = await transferToken(f.daughterEmail);

  // Another account cannot take it; the invited address can.
  const stranger = await createUser(suite.db.db, { email: email('stranger') });
  expect((await suite.api.call('POST', `${B}/patient-invites/accept`, { token: stranger.token, body: { token } })).body.code).toBe('invite_other_address');
  const ola = await createUser(suite.db.db, { email: f.daughterEmail, firstName: 'Ola' });
  const accepted = await suite.api.call('POST', `${B}/patient-invites/accept`, { token: ola.token, body: { token } });
  expect(accepted.status).toBe(200);
  expect(accepted.body).toEqual({ access: 'self' });
  expect((await suite.api.call('POST', `${B}/patient-invites/accept`, { token: ola.token, body: { token } })).status).toBe(410);

  // Hers now: her own record, and the results of both earlier orders, only hers.
  expect(((await get(ola, '/patient')).body as { id: number; access: string }[]).map((p) => [p.id, p.access])).toEqual([[f.daughter, 'self']]);
  const sets = (await get(ola, '/test-results')).body as { id: number }[];
  expect(sets.map((s) => s.id).sort((a, b) => a - b)).toEqual([f.mixed.id, f.hers.id].sort((a, b) => a - b));
  expect((await get(ola, `/test-results/${f.hers.id}/patients/${f.daughter}`)).status).toBe(200);
  expect((await get(ola, `/test-results/${f.mixed.id}/patients/${f.daughter}`)).status).toBe(200);
  expect((await get(ola, `/test-results/${f.mixed.id}/patients/${f.self}`)).body.code).toBe('consent_required');
  const set = (await get(ola, `/test-results/${f.mixed.id}`)).body as { patients: { id: number; consentRequired?: boolean }[] };
  expect(set.patients.find((p) => p.id === f.self)?.consentRequired).toBe(true);
  expect(JSON.stringify((await get(ola, `/test-results/${f.mixed.id}/patients/${f.daughter}`)).body)).not.toContain('5.5');

  // No longer the father's: not in his patients, her results refused, his own still his.
  expect(((await get(f.father, '/patient')).body as { id: number }[]).map((p) => p.id)).toEqual([f.self]);
  expect((await get(f.father, `/test-results/${f.hers.id}/patients/${f.daughter}`)).body.code).toBe('consent_required');
  expect((await get(f.father, `/test-results/${f.mixed.id}/patients/${f.daughter}`)).body.code).toBe('consent_required');
  expect((await get(f.father, `/test-results/${f.mixed.id}/patients/${f.self}`)).status).toBe(200);
  // Another order of the father's stays his: she sees neither its visit nor its order.
  expect((await get(ola, `/orders/${f.mixed.id}`)).status).toBe(404);

  expect(await auditWhat(f.father)).toEqual(expect.arrayContaining(['transfer_invited', 'record_transferred']));
  expect(await auditWhat(ola)).toEqual(expect.arrayContaining(['record_transferred']));
});

test('bad input: a minor, another holder\'s record, an account that has its own record, a refusal', async () => {
  const f = await family();
  const child = await createPatient(suite.db.db, f.father.id, { firstName: 'Kid', dateOfBirth: bornAgo(12), email: email('kid') });
  const minor = await suite.api.call('POST', `${B}/patient/${child}/transfer-invite`, { token: f.father.token });
  expect(minor.status).toBe(400);
  expect(minor.body.code).toBe('invite_minor');
  const other = await createUser(suite.db.db, { email: email('other') });
  expect((await suite.api.call('POST', `${B}/patient/${f.daughter}/transfer-invite`, { token: other.token })).status).toBe(404);
  expect((await suite.api.call('POST', `${B}/patient/${f.self}/transfer-invite`, { token: f.father.token })).body.code).toBe('invite_own_address');

  expect((await suite.api.call('POST', `${B}/patient/${f.daughter}/transfer-invite`, { token: f.father.token })).status).toBe(202);
  const token = await transferToken(f.daughterEmail);
  const ola = await createUser(suite.db.db, { email: f.daughterEmail });
  await createPatient(suite.db.db, ola.id, { firstName: 'Ola', isUser: true });
  const refused = await suite.api.call('POST', `${B}/patient-invites/accept`, { token: ola.token, body: { token } });
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('own_record_exists');
  // Nothing moved, and the link still works (to decline, here).
  expect(((await get(f.father, '/patient')).body as { id: number }[]).map((p) => p.id)).toContain(f.daughter);
  const declined = await suite.api.call('POST', `${B}/patient-invites/refuse`, { token: ola.token, body: { token } });
  expect(declined.body).toEqual({ access: 'refused' });
  expect(await auditWhat(f.father)).toEqual(expect.arrayContaining(['transfer_refused']));
  expect(((await get(f.father, '/patient')).body as { id: number }[]).map((p) => p.id)).toContain(f.daughter);
});
