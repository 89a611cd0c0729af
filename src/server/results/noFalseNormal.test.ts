import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';

/**
 * No false "Normal": a result of an analysis without a reference range carries no flag at all
 * (neither normal nor abnormal) on the results page's data and in FHIR `interpretation`; a result
 * with a range is still judged. On SQLite and PostgreSQL.
 */
const suite = setUpApiSuite();
jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

/** Every object of an answer with this analysisId (the result DTOs, wherever the page nests them). */
function resultsOf(body: unknown, analysisId: number): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.analysisId === analysisId && 'flag' in o) found.push(o);
      Object.values(o).forEach(walk);
    }
  };
  walk(body);
  return found;
}

test('a text typed for an analysis without a range has no flag; a glucose value outside its range has one', async () => {
  const labId = await createLab(suite.db.db);
  const glucose = await createAnalysis(suite.db.db, { name: 'Glucose', unit: 'mmol/L', ranges: [{ low: 3.9, high: 5.6 }] });
  const report = await createAnalysis(suite.db.db, { name: 'Genetic report', unit: null, refLow: null, refHigh: null, reportsText: true });
  const owner = await createUser(suite.db.db);
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labId });
  const patientId = await createPatient(suite.db.db, owner.id, { firstName: 'Anna', isUser: true });
  const slot = await createSlot(suite.db.db, labId, 40);
  const order = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: [glucose, report].map((analysisId) => ({ patientId, analysisId })) });
  for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
    expect((await suite.api.call('POST', `/api/backend/staff/orders/${order.id}/status`, { token: staff.token, body: { status } })).status).toBe(200);
  }
  const put = await suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/results`, {
    token: staff.token,
    body: { entries: [{ patientId, analysisId: glucose, value: 7.2 }, { patientId, analysisId: report, value: 'no variant found' }] },
  });
  expect(put.status).toBe(200);

  const page = await suite.api.call('GET', `/api/backend/test-results/${order.id}/patients/${patientId}`, { token: owner.token });
  expect(page.status).toBe(200);
  const text = resultsOf(page.body, report);
  expect(text.length).toBeGreaterThan(0);
  for (const r of text) expect(r).toMatchObject({ value: 'no variant found', flag: null, interpretation: null, critical: false });
  for (const r of resultsOf(page.body, glucose)) expect(r).toMatchObject({ flag: 'high', interpretation: 'H' });

  const fhir = await suite.api.call('GET', `/api/backend/test-results/${order.id}/fhir`, { token: owner.token });
  expect(fhir.status).toBe(200);
  const observations = (fhir.body.entry as { resource: { resourceType: string; valueString?: string; valueQuantity?: unknown; interpretation?: { coding: { code: string }[] }[] } }[])
    .map((e) => e.resource)
    .filter((r) => r.resourceType === 'Observation');
  const textObs = observations.find((o) => o.valueString === 'no variant found');
  expect(textObs).toBeDefined();
  expect(textObs).not.toHaveProperty('interpretation');
  const glucoseObs = observations.find((o) => o.valueQuantity);
  expect(glucoseObs?.interpretation?.[0]?.coding[0]?.code).toBe('H');
});
