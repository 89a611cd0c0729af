import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';
import { writeResults } from '@/server/results/resultEntry';
import { answerInvite, withdrawRecordAccess } from '@/server/accounts/household';
import * as householdRepo from '@/server/accounts/repositories/household';
import { hashToken, newToken } from '@/server/tokens';

/**
 * GET users/current/export (SQLite and PostgreSQL) holds only the results the account may read:
 * its own, a child's, an adult's who agreed; never those of an adult who has not agreed (pending),
 * refused or withdrew (ended). The order, its lines and the patient record stay in the archive.
 */
const suite = setUpApiSuite();
jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual('@/server/mail/mailer'), sendMail: jest.fn(async () => undefined) }));
const B = '/api/backend';
let seq = 0;
const address = (name: string) => `${name}.${++seq}.${Date.now()}@export-consent.test`;

function bornAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

/** Invites `memberEmail` to the record directly (as `POST patient/{id}/invite` does) and answers as that member. */
async function decide(holderId: number, patientId: number, memberEmail: string, what: 'accept' | 'refuse') {
  const db = suite.db.db;
  const member = await createUser(db, { email: memberEmail });
  const token = newToken();
  const now = new Date();
  await householdRepo.insertInvite(db, { patient_id: patientId, holder_user_id: holderId, email: memberEmail.toLowerCase(), token_hash: hashToken(token), created_at: now.toISOString(), expires_at: new Date(now.getTime() + 86_400_000).toISOString(), used_at: null });
  await answerInvite(db, { ...member, email: memberEmail } as never, token, what);
  return member;
}

test('the export holds the results of the account, a child and a consenting adult, and none of a pending, refused or ended adult', async () => {
  const db = suite.db.db;
  const labId = await createLab(db);
  const analysis = await createAnalysis(db, { name: 'Glucose' });
  const holder = await createUser(db, { email: address('holder'), firstName: 'Jan' });
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: labId });
  const self = await createPatient(db, holder.id, { firstName: 'Jan', isUser: true });
  const child = await createPatient(db, holder.id, { firstName: 'Kid', dateOfBirth: bornAgo(10) });
  const emails = { consented: address('consented'), pending: address('pending'), refused: address('refused'), ended: address('ended') };
  const ids: Record<keyof typeof emails, number> = { consented: 0, pending: 0, refused: 0, ended: 0 };
  for (const k of Object.keys(emails) as (keyof typeof emails)[]) {
    ids[k] = await createPatient(db, holder.id, { firstName: `Adult-${k}`, dateOfBirth: '1990-05-05', email: emails[k] });
  }
  const patientIds = [self, child, ids.consented, ids.pending, ids.refused, ids.ended];
  const slot = await createSlot(db, labId, 48);
  const order = await createOrder(db, { userId: holder.id, laboratoryId: labId, slotId: slot.id, status: 'in_lab', lines: patientIds.map((patientId) => ({ patientId, analysisId: analysis })) });
  await writeResults(db, order.id, patientIds.map((patientId, i) => ({ patientId, analysisId: analysis, value: 4 + i / 10 })), staff.id);
  // A correction, so each result also has an earlier revision.
  await writeResults(db, order.id, patientIds.map((patientId, i) => ({ patientId, analysisId: analysis, value: 5 + i / 10, correctionReason: 'Re-run' })), staff.id);

  await decide(holder.id, ids.consented, emails.consented, 'accept');
  await decide(holder.id, ids.refused, emails.refused, 'refuse');
  const endedMember = await decide(holder.id, ids.ended, emails.ended, 'accept');
  const consent = await householdRepo.findConsent(db, ids.ended);
  await withdrawRecordAccess(db, endedMember.id, consent!.id);

  const res = await suite.api.call('GET', `${B}/users/current/export`, { token: holder.token });
  expect(res.status).toBe(200);
  const archive = res.body as { patients: { id: number }[]; orders: { id: number; lines: { patient_id: number }[]; results: { patient_id: number; revisions: unknown[] }[] }[] };
  const [exported] = archive.orders;
  expect(exported?.id).toBe(order.id);
  const withResults = exported!.results.map((r) => r.patient_id).sort((a, b) => a - b);
  expect(withResults).toEqual([self, child, ids.consented].sort((a, b) => a - b));
  expect(exported!.results.every((r) => r.revisions.length === 1)).toBe(true);
  // The records and the order's lines stay: the account may order for them and see the order.
  expect(archive.patients.map((p) => p.id).sort((a, b) => a - b)).toEqual([...patientIds].sort((a, b) => a - b));
  expect(new Set(exported!.lines.map((l) => l.patient_id)).size).toBe(patientIds.length);
  // Nothing of the hidden results anywhere in the archive: no value of theirs.
  const text = JSON.stringify(res.body);
  for (const k of ['pending', 'refused', 'ended'] as const) {
    const i = patientIds.indexOf(ids[k]);
    expect(text).not.toContain(`"value_num":${5 + i / 10}`);
    expect(text).not.toContain(`"value_num":${4 + i / 10}`);
  }
});
