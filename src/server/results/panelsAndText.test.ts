import { Hl7Message } from '@medplum/core';
import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPanel, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';

/**
 * What a result may be, by what the catalogue says the analysis reports: free text only for an
 * analysis that reports text (a written report), a number for the rest (400 naming the field), and
 * the complete blood count as a panel of components (each with LOINC, unit and intervals by sex and
 * age): entered per component, imported by LOINC from HL7 ORU, shown as one panel, the order's line
 * done when every component is in. On SQLite and PostgreSQL.
 */
const suite = setUpApiSuite();
jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

const M = 'male' as const;
const F = 'female' as const;

async function bloodCount() {
  const db = suite.db.db;
  const wbc = await createAnalysis(db, { code: 'T-WBC', name: 'White blood cells (WBC)', unit: '10^9/L', ucum: '10*9/L', loinc: '6690-2', ranges: [{ maxAge: 17, low: 4.5, high: 13.5 }, { low: 4, high: 10 }] });
  const hgb = await createAnalysis(db, {
    code: 'T-HGB',
    name: 'Haemoglobin (HGB)',
    unit: 'g/dL',
    ucum: 'g/dL',
    loinc: '718-7',
    criticalLow: 7,
    ranges: [{ maxAge: 17, low: 11.5, high: 15.5 }, { gender: M, low: 13.5, high: 17.5 }, { gender: F, low: 12, high: 16 }],
  });
  const plt = await createAnalysis(db, { code: 'T-PLT', name: 'Platelets (PLT)', unit: '10^9/L', ucum: '10*9/L', loinc: '777-3', ranges: [{ low: 150, high: 400 }] });
  const panel = await createPanel(db, [wbc, hgb, plt], { code: 'T-CBC', name: 'Complete blood count', loinc: '58410-2' });
  return { wbc, hgb, plt, panel };
}

let cbc: Awaited<ReturnType<typeof bloodCount>>;
beforeAll(async () => {
  cbc = await bloodCount();
});

async function orderOf(analyses: (patient: { anna: number; jan: number }) => { patientId: number; analysisId: number }[]) {
  const db = suite.db.db;
  const labId = await createLab(db);
  const owner = await createUser(db);
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: labId });
  const anna = await createPatient(db, owner.id, { firstName: 'Anna', gender: 'female', dateOfBirth: '1980-03-01', isUser: true });
  const jan = await createPatient(db, owner.id, { firstName: 'Jan', gender: 'male', dateOfBirth: '1975-07-07' });
  const slot = await createSlot(db, labId, 40);
  const order = await createOrder(db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: analyses({ anna, jan }) });
  for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
    expect((await suite.api.call('POST', `/api/backend/staff/orders/${order.id}/status`, { token: staff.token, body: { status } })).status).toBe(200);
  }
  return { owner, staff, anna, jan, order };
}

const put = (orderId: number, token: string, entries: unknown[]) => suite.api.call('PUT', `/api/backend/staff/orders/${orderId}/results`, { token, body: { entries } });

test('free text is refused (400 naming the value) for an analysis that does not report text, and accepted without a flag where it does', async () => {
  const plain = await createAnalysis(suite.db.db, { name: 'Something measured', unit: null, refLow: null, refHigh: null });
  const report = await createAnalysis(suite.db.db, { name: 'Genetic report', unit: null, refLow: null, refHigh: null, reportsText: true });
  const { staff, anna, order, owner } = await orderOf(({ anna }) => [{ patientId: anna, analysisId: plain }, { patientId: anna, analysisId: report }]);

  const refused = await put(order.id, staff.token, [{ patientId: anna, analysisId: plain, value: 'looks fine' }]);
  expect(refused.status).toBe(400);
  expect(Object.keys(refused.body.fields ?? refused.body.errors ?? {})).toContain('entries[0].value');

  const saved = await put(order.id, staff.token, [
    { patientId: anna, analysisId: plain, value: '12' },
    { patientId: anna, analysisId: report, value: 'no variant found' },
  ]);
  expect(saved.status).toBe(200);
  const page = await suite.api.call('GET', `/api/backend/test-results/${order.id}/patients/${anna}`, { token: owner.token });
  const text = (page.body.results as { analysisId: number; value: unknown; flag: unknown }[]).find((r) => r.analysisId === report);
  expect(text).toMatchObject({ value: 'no variant found', flag: null });
});

test('the blood count is entered per component, judged by sex, done when every component is in, and shown as one panel', async () => {
  const { staff, anna, jan, order, owner } = await orderOf(({ anna, jan }) => [
    { patientId: anna, analysisId: cbc.panel },
    { patientId: jan, analysisId: cbc.panel },
  ]);

  // The console lists the components under the panel, each with its interval for the patient.
  const console = await suite.api.call('GET', `/api/backend/staff/orders/${order.id}`, { token: staff.token });
  expect(console.status).toBe(200);
  const annaRows = (console.body.patients as { id: number; analyses: { analysisId: number; code: string; defaultRefLow: number; panel?: { code: string } }[] }[]).find((p) => p.id === anna)?.analyses ?? [];
  expect(annaRows.map((a) => a.code)).toEqual(['T-WBC', 'T-HGB', 'T-PLT']);
  expect(annaRows.every((a) => a.panel?.code === 'T-CBC')).toBe(true);
  expect(annaRows.find((a) => a.code === 'T-HGB')?.defaultRefLow).toBe(12);

  // The panel itself takes no value.
  const whole = await put(order.id, staff.token, [{ patientId: anna, analysisId: cbc.panel, value: 'normal' }]);
  expect(whole.status).toBe(400);
  expect(Object.keys(whole.body.fields ?? {})).toContain('entries[0].value');

  // Two of three components: the order is not complete, the panel still pending.
  expect((await put(order.id, staff.token, [
    { patientId: anna, analysisId: cbc.hgb, value: 13 },
    { patientId: anna, analysisId: cbc.wbc, value: '6,1' },
  ])).status).toBe(200);
  let page = await suite.api.call('GET', `/api/backend/test-results/${order.id}/patients/${anna}`, { token: owner.token });
  expect(page.body.pending.map((p: { analysisId: number }) => p.analysisId)).toEqual([cbc.panel]);

  const rest = await put(order.id, staff.token, [
    { patientId: anna, analysisId: cbc.plt, value: 250 },
    { patientId: jan, analysisId: cbc.wbc, value: 5 },
    { patientId: jan, analysisId: cbc.hgb, value: 13 },
    { patientId: jan, analysisId: cbc.plt, value: 420 },
  ]);
  expect(rest.status).toBe(200);
  expect(rest.body.status).toBe('completed');

  page = await suite.api.call('GET', `/api/backend/test-results/${order.id}/patients/${anna}`, { token: owner.token });
  expect(page.body.pending).toEqual([]);
  const results = page.body.results as { analysisCode: string; unit: string; loinc: string; flag: string; panel?: { code: string; name: string; position: number } }[];
  // One panel, its components in the panel's order, each with its LOINC and unit.
  expect(results.map((r) => [r.analysisCode, r.panel?.code, r.panel?.position])).toEqual([
    ['T-WBC', 'T-CBC', 0],
    ['T-HGB', 'T-CBC', 1],
    ['T-PLT', 'T-CBC', 2],
  ]);
  expect(results[1]).toMatchObject({ unit: 'g/dL', loinc: '718-7', flag: 'normal' });
  // The same haemoglobin is low for a man (as the laboratory's console shows Jan, an adult whose results his own account reads).
  const after = await suite.api.call('GET', `/api/backend/staff/orders/${order.id}`, { token: staff.token });
  const janRows = (after.body.patients as { id: number; analyses: { code: string; result: { flag: string } | null }[] }[]).find((p) => p.id === jan)?.analyses ?? [];
  expect(janRows.find((r) => r.code === 'T-HGB')?.result?.flag).toBe('low');
  expect(janRows.find((r) => r.code === 'T-PLT')?.result?.flag).toBe('high');

  // The order page: the panel's line has its result.
  const detail = await suite.api.call('GET', `/api/backend/orders/${order.id}`, { token: owner.token });
  const lines = (detail.body.patients as { lines: { analysisId: number; hasResult: boolean }[] }[]).flatMap((p) => p.lines);
  expect(lines.every((l) => l.analysisId === cbc.panel && l.hasResult)).toBe(true);
  const set = await suite.api.call('GET', `/api/backend/test-results/${order.id}`, { token: owner.token });
  const annaCounts = (set.body.patients as { id: number; analysisCount: number; resultCount: number }[]).find((p) => p.id === anna);
  expect(annaCounts).toMatchObject({ analysisCount: 1, resultCount: 1 });
});

test('an HL7 ORU with the components by LOINC fills the blood count ordered as a panel', async () => {
  const { staff, anna, order, owner } = await orderOf(({ anna }) => [{ patientId: anna, analysisId: cbc.panel }]);
  const message = [
    `MSH|^~\\&|LIS|LAB|SHOP|SHOP|20261122101500||ORU^R01^ORU_R01|CBC1|P|2.5.1`,
    `PID|1||${anna}^^^SHOP^PI||Kowalska^Anna||19800301|F`,
    `ORC|RE|${order.number}`,
    `OBR|1|${order.number}||58410-2^CBC panel^LN|||20261122080000`,
    `OBX|1|NM|6690-2^WBC^LN||7.2|10*9/L^10^9/L^UCUM|4-10|N|||F`,
    `OBX|2|NM|718-7^Hemoglobin^LN||10.1|g/dL^g/dL^UCUM|12-16|L|||F`,
    `OBX|3|NM|777-3^Platelets^LN||210|10*9/L^10^9/L^UCUM|150-400|N|||F`,
  ].join('\r\n');
  const res = await fetch(`${suite.api.url}/api/backend/staff/results/import`, { method: 'POST', headers: { 'Content-Type': 'x-application/hl7-v2+er7', Authorization: `Bearer ${staff.token}` }, body: message });
  const text = await res.text();
  expect(Hl7Message.parse(text).getSegment('MSA')?.getField(1)?.toString()).toBe('AA');

  const page = await suite.api.call('GET', `/api/backend/test-results/${order.id}/patients/${anna}`, { token: owner.token });
  const results = page.body.results as { analysisCode: string; unit: string; value: number; flag: string; panel?: { code: string } }[];
  expect(results.map((r) => [r.analysisCode, r.value, r.unit, r.flag, r.panel?.code])).toEqual([
    ['T-WBC', 7.2, '10^9/L', 'normal', 'T-CBC'],
    ['T-HGB', 10.1, 'g/dL', 'low', 'T-CBC'],
    ['T-PLT', 210, '10^9/L', 'normal', 'T-CBC'],
  ]);
  expect(page.body.testResult.status).toBe('completed');
});
