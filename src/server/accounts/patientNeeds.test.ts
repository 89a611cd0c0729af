import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';
import type { PatientDto } from '@/shared/types/api';
import type { NurseCandidateDto, PatientNeedsDto } from '@/shared/types/needs';
import type { NurseVisitDto } from '@/shared/types/results';
import { setNurseProfile } from '@/server/visits/nurseFit';
import { saveNeeds } from '@/server/accounts/patientNeeds';
import { pdfText } from '@/server/testing/pdfText';

/**
 * The patient's needs for the nurse over the real routes (SQLite and PostgreSQL): kept and edited
 * with the patient, answered to the account holder only, a bad value a 400 naming the field, the
 * nurse's day shows them, the nurse list for a visit puts the fitting nurse first and says why,
 * the account export holds them as entered and erasure removes them.
 */
const suite = setUpApiSuite();
const B = '/api/backend';
let seq = 0;

const address = { country: '', region: '', locality: '', district: '', street: '', houseNumber: '', entranceNumber: '', floorNumber: '', apartmentNumber: '', addressNotes: '' };
const child = { personalDetails: { firstName: 'Ola', lastName: 'Nowak', gender: 'female', dateOfBirth: '2016-06-01', email: null, phone: null }, address };
const needs = { language: 'ru', nurse: 'female', fearOfNeedles: true, difficultVeins: false, fainting: false, latexAllergy: true, anticoagulants: false, noLift: true, intercom: '15K' };

async function register() {
  const email = `needs${++seq}.${Date.now()}@example.com`;
  const res = await suite.api.call('POST', `${B}/register`, { body: { email, password: 'a good password', firstName: 'Anna', lastName: 'Nowak' } });
  expect(res.status).toBe(201);
  return res.body.accessToken as string;
}

test('the holder saves, reads, edits and clears the needs; nobody else reads them', async () => {
  const token = await register();
  const created = await suite.api.call('POST', `${B}/patient?userAsPatient=false`, { token, body: { ...child, needs } });
  expect(created.status).toBe(201);
  expect(created.body.needs).toEqual(needs);
  const id = (created.body as PatientDto).id;
  expect((await suite.api.call('GET', `${B}/patient/${id}`, { token })).body.needs).toEqual(needs);
  // An update without needs keeps them; with needs replaces them; null clears them.
  const kept = await suite.api.call('PUT', `${B}/patient/${id}`, { token, body: child });
  expect(kept.body.needs).toEqual(needs);
  const edited = await suite.api.call('PUT', `${B}/patient/${id}`, { token, body: { ...child, needs: { language: 'uk' } } });
  expect(edited.status).toBe(200);
  expect(edited.body.needs).toMatchObject({ language: 'uk', nurse: null, fearOfNeedles: false, intercom: null });
  const list = (await suite.api.call('GET', `${B}/patient`, { token })).body as PatientDto[];
  expect(list.find((p) => p.id === id)?.needs?.language).toBe('uk');
  // Another account: 404 for the patient, and its own list holds nothing of them.
  const other = await register();
  expect((await suite.api.call('GET', `${B}/patient/${id}`, { token: other })).status).toBe(404);
  expect((await suite.api.call('PUT', `${B}/patient/${id}`, { token: other, body: { ...child, needs } })).status).toBe(404);
  expect(JSON.stringify((await suite.api.call('GET', `${B}/patient`, { token: other })).body)).not.toContain('"needs"');
  const cleared = await suite.api.call('PUT', `${B}/patient/${id}`, { token, body: { ...child, needs: null } });
  expect(cleared.body.needs).toBeUndefined();
  expect(await suite.db.db.selectFrom('patient_needs').selectAll().where('patient_id', '=', id).execute()).toEqual([]);
});

test.each([
  ['language', { language: 'xx' }],
  ['nurse', { nurse: 'robot' }],
  ['latexAllergy', { latexAllergy: 'yes' }],
  ['intercom', { intercom: 'x'.repeat(101) }],
])('a bad %s is a 400 naming that field of needs, nothing saved', async (field, bad) => {
  const token = await register();
  const res = await suite.api.call('POST', `${B}/patient?userAsPatient=false`, { token, body: { ...child, needs: bad } });
  expect(res.status).toBe(400);
  expect(res.body.fields).toHaveProperty([`needs.${field}`]);
  expect((await suite.api.call('GET', `${B}/patient`, { token })).body).toEqual([]);
});

test('the export holds the needs as entered; erasure removes them', async () => {
  const token = await register();
  const created = await suite.api.call('POST', `${B}/patient?userAsPatient=false`, { token, body: { ...child, needs } });
  const exported = await suite.api.call('GET', `${B}/users/current/export`, { token });
  expect(exported.status).toBe(200);
  expect(exported.body.patients.find((p: { id: number }) => p.id === created.body.id).needs).toEqual(needs);
  expect((await suite.api.call('DELETE', `${B}/users/current`, { token, body: { password: 'a good password' } })).status).toBe(200);
  expect(await suite.db.db.selectFrom('patient_needs').selectAll().where('patient_id', '=', created.body.id).execute()).toEqual([]);
});

test('the nurse list for a visit puts the nurse who fits first and says why; the nurse reads the needs on her day', async () => {
  const db = suite.db.db;
  const lab = await createLab(db);
  const otherLab = await createLab(db);
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: lab });
  const otherStaff = await createUser(db, { role: 'staff', staffLaboratoryId: otherLab });
  const nurse = (first: string) => createUser(db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse', firstName: first, lastName: `${first}ska` });
  // By name: Ala, Basia, Celina, Dorota; by fit: both (language and sex), language, sex, none.
  const none = await nurse('Ala');
  const sexOnly = await nurse('Basia');
  const languageOnly = await nurse('Celina');
  const both = await nurse('Dorota');
  await setNurseProfile(db, sexOnly.email, { sex: 'female', languages: ['pl'] });
  await setNurseProfile(db, languageOnly.email, { sex: 'male', languages: ['pl', 'ru'] });
  await setNurseProfile(db, both.email, { sex: 'female', languages: ['ru'] });
  await expect(setNurseProfile(db, both.email, { sex: 'female', languages: ['klingon'] })).rejects.toMatchObject({ status: 400 });
  const owner = await createUser(db);
  const patient = await createPatient(db, owner.id, { firstName: 'Ola', lastName: 'Nowak', gender: 'female' });
  await saveNeeds(db, patient, needs as PatientNeedsDto);
  const analysis = await createAnalysis(db, { name: 'TSH' });
  const slot = await createSlot(db, lab, 48);
  const order = await createOrder(db, { userId: owner.id, laboratoryId: lab, slotId: slot.id, lines: [{ patientId: patient, analysisId: analysis }] });

  const res = await suite.api.call('GET', `${B}/staff/nurses?orderId=${order.id}`, { token: staff.token });
  expect(res.status).toBe(200);
  const list = res.body as NurseCandidateDto[];
  expect(list.map((n) => n.id)).toEqual([both.id, languageOnly.id, sexOnly.id, none.id]);
  expect(list[0]!.fits).toEqual([{ reason: 'language', value: 'ru' }, { reason: 'sex', value: 'female' }]);
  expect(list[3]!.fits).toEqual([]);
  // Another laboratory's order: 404; a nurse may not list: 403.
  expect((await suite.api.call('GET', `${B}/staff/nurses?orderId=${order.id}`, { token: otherStaff.token })).status).toBe(404);
  expect((await suite.api.call('GET', `${B}/staff/nurses?orderId=${order.id}`, { token: both.token })).status).toBe(403);
  // Without an order: the plain list by name.
  expect(((await suite.api.call('GET', `${B}/staff/nurses`, { token: staff.token })).body as { id: number }[]).map((n) => n.id)).toEqual([none.id, sexOnly.id, languageOnly.id, both.id]);

  expect((await suite.api.call('PUT', `${B}/staff/orders/${order.id}/nurse`, { token: staff.token, body: { nurseUserId: both.id } })).status).toBe(200);
  const visit = (await suite.api.call('GET', `${B}/staff/visits/${order.id}`, { token: both.token })).body as NurseVisitDto;
  expect(visit.needs?.patients).toEqual([{ patientId: patient, name: 'Ola Nowak', needs }]);
});

test('the morning check-in travels with the sample: the staff order page, the nurse\'s day and the result PDF', async () => {
  const db = suite.db.db;
  const lab = await createLab(db);
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: lab });
  const nurse = await createUser(db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse' });
  const owner = await createUser(db);
  const anna = await createPatient(db, owner.id, { firstName: 'Anna', gender: 'female', dateOfBirth: '1980-03-01', isUser: true });
  const glucose = await createAnalysis(db, { name: 'Glucose', unit: 'mmol/L', ranges: [{ low: 3.9, high: 5.6 }] });
  await db.updateTable('analyses').set({ timing_fasting_min: 8, timing_fasting_max: 12 }).where('id', '=', glucose).execute();
  const slot = await createSlot(db, lab, 40);
  const order = await createOrder(db, { userId: owner.id, laboratoryId: lab, slotId: slot.id, lines: [{ patientId: anna, analysisId: glucose }] });
  await db.insertInto('visit_check_ins').values({ order_id: order.id, last_meal_at: new Date(Date.parse(slot.start) - 6 * 3_600_000).toISOString(), cycle_start: null, fasting_hours: 6, rules_met: 0, answered_at: new Date().toISOString() }).execute();
  const staffView = await suite.api.call('GET', `${B}/staff/orders/${order.id}`, { token: staff.token });
  expect(staffView.body.checkIn).toMatchObject({ fastingHours: 6, requiredFastingHours: 8, ok: false });
  expect((await suite.api.call('PUT', `${B}/staff/orders/${order.id}/nurse`, { token: staff.token, body: { nurseUserId: nurse.id } })).status).toBe(200);
  const visit = (await suite.api.call('GET', `${B}/staff/visits/${order.id}`, { token: nurse.token })).body as NurseVisitDto;
  expect(visit.needs?.checkIn).toMatchObject({ fastingHours: 6, ok: false });
  for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
    expect((await suite.api.call('POST', `${B}/staff/orders/${order.id}/status`, { token: staff.token, body: { status } })).status).toBe(200);
  }
  expect((await suite.api.call('PUT', `${B}/staff/orders/${order.id}/results`, { token: staff.token, body: { entries: [{ patientId: anna, analysisId: glucose, value: 5 }] } })).status).toBe(200);
  const res = await fetch(`${suite.api.url}${B}/test-results/${order.id}/patients/${anna}/pdf`, { headers: { authorization: `Bearer ${owner.token}`, cookie: 'lang=en' } });
  expect(res.status).toBe(200);
  const text = (await pdfText(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ');
  expect(text).toContain('Fasting at the draw (morning check-in): 6 h; the tests ask at least 8 h');
  expect(text).toContain('did not meet a timing rule');
});
