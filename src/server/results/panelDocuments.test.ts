import type { Bundle, Observation } from '@medplum/fhirtypes';
import { expectValidBundle, indexFhirR4 } from '@/server/testing/fhirR4';
import { setUpApiSuite } from '@/server/testing/shopSuite';
import { pdfText } from '@/server/testing/pdfText';
import { createAnalysis, createLab, createOrder, createPanel, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';

/**
 * A blood count read outside the page: the results PDF gives the panel its heading with the
 * components under it and writes units as the reader does ("г/дл", "10⁹/л"); the FHIR export gives
 * the panel its own Observation whose `hasMember` refers to the components' Observations (which keep
 * UCUM), the report listing the panel. Validated against the R4 definitions. SQLite and PostgreSQL.
 */
const suite = setUpApiSuite();
jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

beforeAll(() => {
  indexFhirR4();
});

let made = 0;
async function bloodCountDone() {
  const db = suite.db.db;
  const n = ++made;
  const wbc = await createAnalysis(db, { code: `P${n}-WBC`, name: 'White blood cells (WBC)', unit: '10^9/L', ucum: '10*9/L', loinc: '6690-2', ranges: [{ low: 4, high: 10 }] });
  const hgb = await createAnalysis(db, { code: `P${n}-HGB`, name: 'Haemoglobin (HGB)', unit: 'g/dL', ucum: 'g/dL', loinc: '718-7', ranges: [{ low: 12, high: 16 }] });
  const panel = await createPanel(db, [wbc, hgb], { code: `P${n}-CBC`, name: 'Complete blood count', loinc: '58410-2' });
  await db.insertInto('catalogue_translations').values({ kind: 'analysis', item_id: panel, language: 'ru', name: 'Общий анализ крови', description: '', synonyms: '' }).execute();
  const glucose = await createAnalysis(db, { code: `P${n}-GLU`, name: 'Glucose', unit: 'mmol/L', ucum: 'mmol/L', loinc: '14771-0', ranges: [{ low: 3.9, high: 5.6 }] });
  const labId = await createLab(db);
  const owner = await createUser(db);
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: labId });
  const anna = await createPatient(db, owner.id, { firstName: 'Anna', gender: 'female', dateOfBirth: '1980-03-01', isUser: true });
  const slot = await createSlot(db, labId, 40);
  const order = await createOrder(db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: [{ patientId: anna, analysisId: panel }, { patientId: anna, analysisId: glucose }] });
  for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
    expect((await suite.api.call('POST', `/api/backend/staff/orders/${order.id}/status`, { token: staff.token, body: { status } })).status).toBe(200);
  }
  const put = await suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/results`, {
    token: staff.token,
    body: { entries: [{ patientId: anna, analysisId: wbc, value: 6.1 }, { patientId: anna, analysisId: hgb, value: 13 }, { patientId: anna, analysisId: glucose, value: 5 }] },
  });
  expect(put.status).toBe(200);
  return { owner, anna, order };
}

test('the FHIR export: the blood count is an Observation of its own with hasMember to its components; the report lists it', async () => {
  const { owner, order } = await bloodCountDone();
  const res = await suite.api.call('GET', `/api/backend/test-results/${order.id}/fhir`, { token: owner.token });
  expect(res.status).toBe(200);
  const bundle = res.body as Bundle;
  expectValidBundle(bundle);
  const observations = (bundle.entry ?? []).filter((e) => e.resource?.resourceType === 'Observation') as { fullUrl: string; resource: Observation }[];
  const loinc = (o: Observation) => o.code.coding?.find((c) => c.system === 'http://loinc.org')?.code;
  const panel = observations.find((o) => loinc(o.resource) === '58410-2');
  expect(panel).toBeDefined();
  expect(panel?.resource.valueQuantity).toBeUndefined();
  const members = (panel?.resource.hasMember ?? []).map((m) => observations.find((o) => o.fullUrl === m.reference));
  expect(members.map((m) => m && loinc(m.resource))).toEqual(['6690-2', '718-7']);
  // The components keep UCUM in FHIR.
  expect(members[0]?.resource.valueQuantity).toMatchObject({ value: 6.1, system: 'http://unitsofmeasure.org', code: '10*9/L' });
  const report = (bundle.entry ?? []).find((e) => e.resource?.resourceType === 'DiagnosticReport')?.resource as { status: string; result: { reference: string }[] };
  expect(report.status).toBe('final');
  expect(report.result.map((r) => r.reference)).toContain(panel?.fullUrl);
  expect(report.result.map((r) => r.reference)).not.toContain(members[0]?.fullUrl);
});

test('the results PDF: the panel heading with its components under it, units as a Russian reader writes them', async () => {
  const { owner, anna, order } = await bloodCountDone();
  const res = await fetch(`${suite.api.url}/api/backend/test-results/${order.id}/patients/${anna}/pdf`, { headers: { authorization: `Bearer ${owner.token}`, cookie: 'lang=ru' } });
  expect(res.status).toBe(200);
  const text = await pdfText(Buffer.from(await res.arrayBuffer()));
  const heading = text.indexOf('Общий анализ крови (P2-CBC)');
  expect(heading).toBeGreaterThan(-1);
  expect(text.indexOf('White blood cells (WBC)')).toBeGreaterThan(heading);
  expect(text.indexOf('Haemoglobin (HGB)')).toBeGreaterThan(heading);
  expect(text).toContain('6.1 10⁹/л');
  expect(text).toContain('13 г/дл');
  expect(text).toContain('ммоль/л');
  expect(text).not.toContain('mmol/L');
});
