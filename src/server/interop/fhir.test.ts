import { validateResource } from '@medplum/core';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { expectValidBundle, indexFhirR4 } from '@/server/testing/fhirR4';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';

/**
 * FHIR R4 export over the real route, every resource validated against the R4 structure
 * definitions with Medplum's validator: elements and their types, cardinalities, required elements,
 * unknown properties and the resources' FHIRPath invariants. It does not check value-set bindings,
 * so the codes used (status, gender, interpretation, category) are asserted by the tests below.
 */
let tdb: TestDb;
let api: TestApiServer;
jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

beforeAll(async () => {
  indexFhirR4();
  tdb = await createTestDb({ seed: false });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

async function scenario() {
  const labId = await createLab(tdb.db);
  const glucose = await createAnalysis(tdb.db, { name: 'Glucose (fasting)', unit: 'mmol/L', ucum: 'mmol/L', loinc: '14771-0', criticalLow: 2.5, criticalHigh: 25, ranges: [{ low: 3.9, high: 5.6 }] });
  const tsh = await createAnalysis(tdb.db, { name: 'TSH', unit: 'mIU/L', ucum: 'm[IU]/L', loinc: '3016-3', ranges: [{ low: 0.4, high: 4 }] });
  const hbsag = await createAnalysis(tdb.db, { name: 'HBsAg', unit: null, refLow: null, refHigh: null, loinc: '5196-1', ranges: [{ text: 'negative' }] });
  const ownCode = await createAnalysis(tdb.db, { name: 'House panel', unit: 'U', refLow: null, refHigh: null });
  const owner = await createUser(tdb.db, { firstName: 'Anna' });
  const other = await createUser(tdb.db);
  const staff = await createUser(tdb.db, { role: 'staff', staffLaboratoryId: labId });
  const p1 = await createPatient(tdb.db, owner.id, { firstName: 'Łucja', lastName: 'Żółć', gender: 'female', dateOfBirth: '1985-05-05', isUser: true });
  const p2 = await createPatient(tdb.db, owner.id, { firstName: 'Jan', lastName: 'Nowak', gender: 'male', dateOfBirth: '2012-02-29' });
  const slot = await createSlot(tdb.db, labId, 30);
  const order = await createOrder(tdb.db, {
    userId: owner.id,
    laboratoryId: labId,
    slotId: slot.id,
    lines: [
      { patientId: p1, analysisId: glucose },
      { patientId: p1, analysisId: tsh },
      { patientId: p1, analysisId: hbsag },
      { patientId: p2, analysisId: glucose },
      { patientId: p2, analysisId: ownCode },
    ],
  });
  for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
    await api.call('POST', `/api/backend/staff/orders/${order.id}/status`, { token: staff.token, body: { status } });
  }
  const put = await api.call('PUT', `/api/backend/staff/orders/${order.id}/results`, {
    token: staff.token,
    body: {
      entries: [
        { patientId: p1, analysisId: glucose, value: 27.5, comment: 'Repeated, confirmed' },
        { patientId: p1, analysisId: tsh, value: 2.1 },
        { patientId: p1, analysisId: hbsag, value: 'positive' },
        { patientId: p2, analysisId: glucose, value: 4.8 },
      ],
    },
  });
  expect(put.status).toBe(200);
  return { owner, other, staff, order, p1, p2 };
}

const ofType = <T extends Resource['resourceType']>(bundle: Bundle, type: T) =>
  (bundle.entry ?? []).map((e) => e.resource).filter((r): r is Extract<Resource, { resourceType: T }> => r?.resourceType === type);

test('the owner exports a valid FHIR R4 collection Bundle of the whole order', async () => {
  const s = await scenario();
  const res = await fetch(`${api.url}/api/backend/test-results/${s.order.id}/fhir`, { headers: { Authorization: `Bearer ${s.owner.token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
  const bundle = (await res.json()) as Bundle;

  // The whole bundle and every resource in it against the R4 definitions (throws with the issues).
  expectValidBundle(bundle);

  expect(bundle.type).toBe('collection');
  expect(ofType(bundle, 'Organization')).toHaveLength(1);
  expect(ofType(bundle, 'Patient').map((p) => [p.name?.[0]?.family, p.gender, p.birthDate])).toEqual([
    ['Żółć', 'female', '1985-05-05'],
    ['Nowak', 'male', '2012-02-29'],
  ]);
  expect(ofType(bundle, 'ServiceRequest')).toHaveLength(5);
  const observations = ofType(bundle, 'Observation');
  expect(observations).toHaveLength(4);
  const glucose = observations.find((o) => o.valueQuantity?.value === 27.5);
  expect(glucose?.code.coding?.[0]).toEqual({ system: 'http://loinc.org', code: '14771-0' });
  expect(glucose?.code.coding?.[1]?.system).toMatch(/\/fhir\/CodeSystem\/analysis$/);
  expect(glucose?.valueQuantity).toEqual({ value: 27.5, unit: 'mmol/L', system: 'http://unitsofmeasure.org', code: 'mmol/L' });
  expect(glucose?.referenceRange?.[0]).toMatchObject({ low: { value: 3.9, code: 'mmol/L' }, high: { value: 5.6, code: 'mmol/L' } });
  expect(glucose?.interpretation?.[0]?.coding?.[0]).toEqual({ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code: 'HH', display: 'Critical high' });
  expect(glucose?.category?.[0]?.coding?.[0]?.code).toBe('laboratory');
  expect(glucose?.note?.[0]?.text).toBe('Repeated, confirmed');
  const tsh = observations.find((o) => o.valueQuantity?.value === 2.1);
  expect(tsh?.valueQuantity?.code).toBe('m[IU]/L');
  expect(tsh?.interpretation?.[0]?.coding?.[0]?.code).toBe('N');
  const hbsag = observations.find((o) => o.valueString !== undefined);
  expect(hbsag).toMatchObject({ valueString: 'positive', referenceRange: [{ text: 'negative' }] });
  expect(hbsag?.interpretation?.[0]?.coding?.[0]?.code).toBe('A');

  const reports = ofType(bundle, 'DiagnosticReport');
  expect(reports.map((r) => [r.status, r.result?.length])).toEqual([
    ['final', 3],
    ['partial', 1],
  ]);
  const org = bundle.entry?.find((e) => e.resource?.resourceType === 'Organization')?.fullUrl;
  expect(reports[0]?.performer?.[0]?.reference).toBe(org);
  expect(reports[0]?.effectiveDateTime).toBe(glucose?.effectiveDateTime);
  expect(reports[0]?.code.coding?.[0]).toMatchObject({ system: 'http://loinc.org', code: '11502-2' });
  // Every reference resolves inside the bundle.
  const urls = new Set((bundle.entry ?? []).map((e) => e.fullUrl));
  const refs = JSON.stringify(bundle).match(/"reference":"[^"]+"/g) ?? [];
  expect(refs.length).toBeGreaterThan(10);
  for (const r of refs) expect(urls.has(r.slice('"reference":"'.length, -1))).toBe(true);
});

test('one patient only with ?patientId; others and staff get 404; a malformed id is 400', async () => {
  const s = await scenario();
  const one = await api.call('GET', `/api/backend/test-results/${s.order.id}/fhir?patientId=${s.p2}`, { token: s.owner.token });
  expect(one.status).toBe(200);
  const bundle = one.body as Bundle;
  expect(() => validateResource(bundle)).not.toThrow();
  expect(ofType(bundle, 'Patient').map((p) => p.name?.[0]?.given?.[0])).toEqual(['Jan']);
  expect(ofType(bundle, 'Observation')).toHaveLength(1);
  expect((await api.call('GET', `/api/backend/test-results/${s.order.id}/fhir`, { token: s.other.token })).status).toBe(404);
  expect((await api.call('GET', `/api/backend/test-results/${s.order.id}/fhir`, { token: s.staff.token })).status).toBe(404);
  expect((await api.call('GET', `/api/backend/test-results/${s.order.id}/fhir`)).status).toBe(401);
  expect((await api.call('GET', `/api/backend/test-results/${s.order.id}/fhir?patientId=x`, { token: s.owner.token })).status).toBe(400);
});

test('a corrected result is exported as `corrected` with a note of when and why, and so is its report', async () => {
  const s = await scenario();
  const tsh = (await tdb.db.selectFrom('analysis_results').select(['analysis_id']).where('order_id', '=', s.order.id).where('value_num', '=', 2.1).executeTakeFirstOrThrow()).analysis_id;
  const fix = await api.call('PUT', `/api/backend/staff/orders/${s.order.id}/results`, {
    token: s.staff.token,
    body: { entries: [{ patientId: s.p1, analysisId: tsh, value: 2.4, correctionReason: 'Sample mix-up, re-run' }] },
  });
  expect(fix.status).toBe(200);
  const bundle = (await api.call('GET', `/api/backend/test-results/${s.order.id}/fhir`, { token: s.owner.token })).body as Bundle;
  expect(() => validateResource(bundle)).not.toThrow();
  const observations = ofType(bundle, 'Observation');
  const corrected = observations.find((o) => o.valueQuantity?.value === 2.4);
  expect(corrected?.status).toBe('corrected');
  expect(corrected?.note?.map((n) => n.text)).toEqual([expect.stringMatching(/^Corrected on \d{4}-\d{2}-\d{2}T[\d:.]+Z: Sample mix-up, re-run$/)]);
  expect(observations.filter((o) => o !== corrected).map((o) => o.status)).toEqual(['final', 'final', 'final']);
  const reports = ofType(bundle, 'DiagnosticReport');
  // Łucja's report holds the corrected result; Jan's is still partial (one analysis has no result).
  expect(reports.map((r) => r.status)).toEqual(['corrected', 'partial']);
});

test('the validator used here does refuse a broken resource', () => {
  expect(() => validateResource({ resourceType: 'Observation', status: 'final' } as unknown as Resource)).toThrow(/code/);
  expect(() => validateResource({ resourceType: 'Observation', status: 'final', code: { text: 'x' }, referenceRange: [{}] } as unknown as Resource)).toThrow(/obs-3/);
  expect(() => validateResource({ resourceType: 'Observation', status: 'final', code: { text: 'x' }, valueQuantity: { value: '1' } } as unknown as Resource)).toThrow(/expected number/);
  expect(() => validateResource({ resourceType: 'Observation', status: 'final', code: { text: 'x' }, flag: 'H' } as unknown as Resource)).toThrow(/additional property/);
});
