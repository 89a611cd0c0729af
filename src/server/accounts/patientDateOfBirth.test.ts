import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createUser } from '@/server/testing/orderFixtures';
import { answerInvite } from '@/server/accounts/household';
import * as householdRepo from '@/server/accounts/repositories/household';
import { hashToken, newToken } from '@/server/tokens';
import type { PatientDto } from '@/shared/types/api';

/**
 * PUT patient/{id} (SQLite and PostgreSQL): the account holder does not change a family member's date
 * of birth in a way that bypasses the age rules of household consent (docs/spec-decisions.md, 13):
 * 409 `date_of_birth_locked` naming `personalDetails.dateOfBirth`, and nothing changes.
 */
const suite = setUpApiSuite();
jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual('@/server/mail/mailer'), sendMail: jest.fn(async () => undefined) }));
const B = '/api/backend';
let seq = 0;
const address = (name: string) => `${name}.${++seq}.${Date.now()}@dob.test`;

function bornAgo(years: number, days = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

const emptyAddress = { country: '', region: '', locality: '', district: '', street: '', houseNumber: '', entranceNumber: '', floorNumber: '', apartmentNumber: '', addressNotes: '' };
const body = (dateOfBirth: string, email: string | null = null) => ({
  personalDetails: { firstName: 'Ola', lastName: 'Nowak', gender: 'female', dateOfBirth, email, phone: null },
  address: emptyAddress,
});

async function holderWith(dateOfBirth: string, email: string | null = null) {
  const holder = await createUser(suite.db.db, { email: address('holder') });
  const created = await suite.api.call('POST', `${B}/patient?userAsPatient=false`, { token: holder.token, body: body(dateOfBirth, email) });
  expect(created.status).toBe(201);
  return { holder, patient: created.body as PatientDto };
}

const put = (token: string, id: number, dateOfBirth: string, email: string | null = null) => suite.api.call('PUT', `${B}/patient/${id}`, { token, body: body(dateOfBirth, email) });

test('an adult is not made a minor: 409 naming the field, the record and its access unchanged', async () => {
  const adultDob = bornAgo(25);
  const { holder, patient } = await holderWith(adultDob);
  expect(patient.access).toBe('pending');
  const res = await put(holder.token, patient.id, bornAgo(12));
  expect(res.status).toBe(409);
  expect(res.body).toMatchObject({ code: 'date_of_birth_locked', fields: { 'personalDetails.dateOfBirth': expect.any(String) } });
  const after = (await suite.api.call('GET', `${B}/patient/${patient.id}`, { token: holder.token })).body as PatientDto;
  expect(after.personalDetails.dateOfBirth).toBe(adultDob);
  expect(after.access).toBe('pending');
  // Not younger by a day either (a 17-year-old is still the guardian's), nor to 16.
  expect((await put(holder.token, patient.id, bornAgo(17, 300))).status).toBe(409);
  // A correction that keeps the person an adult, or makes them older, is saved.
  expect((await put(holder.token, patient.id, bornAgo(30))).status).toBe(200);
});

test('a child who aged out of the guardian\'s access is not made younger again', async () => {
  const { holder, patient } = await holderWith(bornAgo(19));
  const created = await suite.db.db.selectFrom('patients').select('created_at').where('id', '=', patient.id).executeTakeFirstOrThrow();
  // Kept here since before the 18th birthday: the access ended.
  await suite.db.db.updateTable('patients').set({ created_at: new Date(Date.parse(created.created_at) - 2 * 365 * 86_400_000).toISOString() }).where('id', '=', patient.id).execute();
  expect(((await suite.api.call('GET', `${B}/patient/${patient.id}`, { token: holder.token })).body as PatientDto).access).toBe('ended');
  const res = await put(holder.token, patient.id, bornAgo(15));
  expect(res.status).toBe(409);
  expect(res.body.fields).toHaveProperty(['personalDetails.dateOfBirth']);
});

test('a patient of 16 or 17 is not made younger; a child under 16 is corrected freely; anyone is made older', async () => {
  const teen = await holderWith(bornAgo(16, 10));
  expect((await put(teen.holder.token, teen.patient.id, bornAgo(14))).status).toBe(409);
  expect((await put(teen.holder.token, teen.patient.id, bornAgo(17))).status).toBe(200);
  const child = await holderWith(bornAgo(8));
  expect((await put(child.holder.token, child.patient.id, bornAgo(6))).status).toBe(200);
  expect((await put(child.holder.token, child.patient.id, bornAgo(9))).status).toBe(200);
});

test('the record of a person who agreed keeps its date of birth; the holder\'s own record changes freely', async () => {
  const memberEmail = address('member');
  const { holder, patient } = await holderWith(bornAgo(30), memberEmail);
  const member = await createUser(suite.db.db, { email: memberEmail });
  const token = newToken();
  const now = new Date();
  await householdRepo.insertInvite(suite.db.db, { patient_id: patient.id, holder_user_id: holder.id, email: memberEmail, token_hash: hashToken(token), created_at: now.toISOString(), expires_at: new Date(now.getTime() + 86_400_000).toISOString(), used_at: null });
  await answerInvite(suite.db.db, { ...member, email: memberEmail } as never, token, 'accept');
  const res = await put(holder.token, patient.id, bornAgo(35), memberEmail);
  expect(res.status).toBe(409);
  expect(res.body).toMatchObject({ code: 'date_of_birth_locked', fields: { 'personalDetails.dateOfBirth': expect.any(String) } });
  // The other details of the record are still the holder's to edit.
  expect((await put(holder.token, patient.id, bornAgo(30), memberEmail)).status).toBe(200);

  const self = await suite.api.call('POST', `${B}/patient?userAsPatient=true`, { token: holder.token, body: body(bornAgo(40)) });
  expect(self.status).toBe(201);
  expect((await put(holder.token, (self.body as PatientDto).id, bornAgo(12))).status).toBe(200);
});
