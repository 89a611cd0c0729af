import { validateResource } from '@medplum/core';
import type { Bundle, Patient, Resource } from '@medplum/fhirtypes';
import { indexFhirR4 } from '@/server/testing/fhirR4';
import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';

/** The patients' PESEL and Belarusian personal number in the owner's FHIR export (validated against R4). */
const suite = setUpApiSuite();
jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

beforeAll(indexFhirR4);

test('the owner\'s export names each patient by PESEL or personal number; a shared link and other users do not get them', async () => {
  const labId = await createLab(suite.db.db);
  const glucose = await createAnalysis(suite.db.db, { name: 'Glucose', unit: 'mmol/L', ucum: 'mmol/L', loinc: '2345-7', ranges: [{ low: 3.9, high: 5.6 }] });
  const owner = await createUser(suite.db.db);
  const other = await createUser(suite.db.db);
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labId });
  const jan = await createPatient(suite.db.db, owner.id, { firstName: 'Jan', gender: 'male', dateOfBirth: '1944-05-14', isUser: true });
  const ola = await createPatient(suite.db.db, owner.id, { firstName: 'Ola', gender: 'female', dateOfBirth: '2015-06-01' });
  // Set through the API, as the owner does.
  for (const [id, extra] of [
    [jan, { pesel: '44051401359' }],
    [ola, { personalNumber: '3140583A001PB9' }],
  ] as const) {
    const current = (await suite.api.call('GET', `/api/backend/patient/${id}`, { token: owner.token })).body;
    const put = await suite.api.call('PUT', `/api/backend/patient/${id}`, { token: owner.token, body: { personalDetails: { ...current.personalDetails, ...extra } } });
    expect(put.status).toBe(200);
  }
  const slot = await createSlot(suite.db.db, labId, 30);
  const order = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: [{ patientId: jan, analysisId: glucose }, { patientId: ola, analysisId: glucose }] });
  for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
    await suite.api.call('POST', `/api/backend/staff/orders/${order.id}/status`, { token: staff.token, body: { status } });
  }
  const put = await suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/results`, {
    token: staff.token,
    body: { entries: [{ patientId: jan, analysisId: glucose, value: 5.1 }, { patientId: ola, analysisId: glucose, value: 4.4 }] },
  });
  expect(put.status).toBe(200);

  const res = await suite.api.call('GET', `/api/backend/test-results/${order.id}/fhir`, { token: owner.token });
  expect(res.status).toBe(200);
  const bundle = res.body as Bundle;
  expect(() => validateResource(bundle)).not.toThrow();
  const patients = (bundle.entry ?? []).map((e) => e.resource as Resource).filter((r): r is Patient => r.resourceType === 'Patient');
  for (const p of patients) expect(() => validateResource(p)).not.toThrow();
  const national = patients.map((p) => p.identifier?.filter((i) => i.type?.coding?.[0]?.code === 'NI').map((i) => [i.system, i.value]));
  expect(national).toEqual([
    [['urn:oid:2.16.840.1.113883.3.4424.1.1.616', '44051401359']],
    [[expect.stringMatching(/\/fhir\/NamingSystem\/by-personal-number$/), '3140583A001PB9']],
  ]);
  expect(patients[0]?.identifier?.[1]?.type?.coding?.[0]).toEqual({ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'NI', display: 'National unique individual identifier' });

  // A doctor's link carries the results, not the national identifiers; another user gets nothing.
  const share = await suite.api.call('POST', `/api/backend/test-results/${order.id}/patients/${jan}/shares`, { token: owner.token, body: {} });
  expect(share.status).toBe(201);
  const token = (share.body.url as string).split('/shared/results/')[1] as string;
  const shared = await suite.api.call('GET', `/api/backend/shared-results/${token}/fhir`);
  expect(shared.status).toBe(200);
  expect(JSON.stringify(shared.body)).not.toContain('44051401359');
  const foreign = await suite.api.call('GET', `/api/backend/test-results/${order.id}/fhir`, { token: other.token });
  expect(foreign.status).toBe(404);
  expect(JSON.stringify(foreign.body)).not.toContain('44051401359');
});
