import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';

/**
 * A result value must fit its analysis, whichever way it arrives (the staff form, the JSON import,
 * HL7): a numeric analysis takes numbers (decimal point or comma, `<0.01`-style bounds), a text
 * analysis takes findings. Nothing is written, published or mailed when a value is refused.
 */
const suite = setUpApiSuite();
jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

async function scenario() {
  const labId = await createLab(suite.db.db);
  const uid = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const glucoseCode = `G${uid}`;
  const hbsagCode = `H${uid}`;
  const glucose = await createAnalysis(suite.db.db, { code: glucoseCode, name: 'Glucose', unit: 'mmol/L', ranges: [{ low: 3.9, high: 5.6 }], criticalLow: 2.5, criticalHigh: 25 });
  const crp = await createAnalysis(suite.db.db, { name: 'CRP', unit: 'mg/L', refLow: 0, refHigh: 5 });
  const hbsag = await createAnalysis(suite.db.db, { code: hbsagCode, name: 'HBsAg', unit: null, refLow: null, refHigh: null, ranges: [{ text: 'negative' }] });
  const owner = await createUser(suite.db.db);
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labId });
  const patientId = await createPatient(suite.db.db, owner.id, { firstName: 'Anna' });
  const slot = await createSlot(suite.db.db, labId, 40);
  const order = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: [glucose, crp, hbsag].map((analysisId) => ({ patientId, analysisId })) });
  for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
    expect((await suite.api.call('POST', `/api/backend/staff/orders/${order.id}/status`, { token: staff.token, body: { status } })).status).toBe(200);
  }
  return { glucose, glucoseCode, crp, hbsag, hbsagCode, staff, owner, patientId, order };
}

const rowsOf = (orderId: number) =>
  suite.db.db.selectFrom('analysis_results').select(['analysis_id', 'value_num', 'value_text', 'interpretation']).where('order_id', '=', orderId).orderBy('analysis_id').execute();

test('the staff form: "abc" for glucose is refused with the field named; nothing is saved and the order does not move', async () => {
  const s = await scenario();
  const put = (entries: unknown[]) => suite.api.call('PUT', `/api/backend/staff/orders/${s.order.id}/results`, { token: s.staff.token, body: { entries } });
  const abc = await put([
    { patientId: s.patientId, analysisId: s.crp, value: 3 },
    { patientId: s.patientId, analysisId: s.glucose, value: 'abc' },
  ]);
  expect(abc.status).toBe(400);
  expect(abc.body.fields).toEqual({ 'entries[1].value': 'Enter a number, such as 5.4, 5,4 or <0.01' });
  const text = await put([{ patientId: s.patientId, analysisId: s.hbsag, value: 'abc' }]);
  expect(text.status).toBe(400);
  expect(text.body.fields).toEqual({ 'entries[0].value': 'Enter a finding, such as negative, positive or not detected' });
  const numberForText = await put([{ patientId: s.patientId, analysisId: s.hbsag, value: 1 }]);
  expect(numberForText.status).toBe(400);
  expect(await rowsOf(s.order.id)).toEqual([]);
  const order = await suite.db.db.selectFrom('orders').select('status').where('id', '=', s.order.id).executeTakeFirstOrThrow();
  expect(order.status).toBe('in_lab');
});

test('decimal comma, bounds and findings are taken and judged', async () => {
  const s = await scenario();
  const ok = await suite.api.call('PUT', `/api/backend/staff/orders/${s.order.id}/results`, {
    token: s.staff.token,
    body: {
      entries: [
        { patientId: s.patientId, analysisId: s.glucose, value: '6,1' },
        { patientId: s.patientId, analysisId: s.crp, value: '<0.5' },
        { patientId: s.patientId, analysisId: s.hbsag, value: 'Positive' },
      ],
    },
  });
  expect(ok.status).toBe(200);
  expect(await rowsOf(s.order.id)).toEqual([
    { analysis_id: s.glucose, value_num: 6.1, value_text: null, interpretation: 'H' },
    { analysis_id: s.crp, value_num: null, value_text: '<0.5', interpretation: 'N' },
    { analysis_id: s.hbsag, value_num: null, value_text: 'Positive', interpretation: 'A' },
  ]);
});

test('the JSON import refuses text for a numeric analysis', async () => {
  const s = await scenario();
  const res = await suite.api.call('POST', '/api/backend/staff/results/import', {
    token: s.staff.token,
    body: { orderNumber: s.order.number, results: [{ patientId: s.patientId, analysisCode: s.glucoseCode, value: 'abc' }] },
  });
  expect(res.status).toBe(400);
  expect(res.body.fields).toEqual({ 'entries[0].value': 'Enter a number, such as 5.4, 5,4 or <0.01' });
  const bound = await suite.api.call('POST', '/api/backend/staff/results/import', {
    token: s.staff.token,
    body: { orderNumber: s.order.number, results: [{ patientId: s.patientId, analysisCode: s.glucoseCode, value: '<2' }] },
  });
  expect(bound.status).toBe(200);
  expect((await rowsOf(s.order.id))[0]).toMatchObject({ value_text: '<2', interpretation: 'LL' });
});

test('HL7: an ST value "abc" for glucose is answered AE naming OBX-5; a finding other than the vocabulary too', async () => {
  const s = await scenario();
  const msg = (obx: string) =>
    [
      'MSH|^~\\&|LIS|LAB|SHOP|SHOP|20261122101500||ORU^R01^ORU_R01|C1|P|2.5.1',
      `PID|1||${s.patientId}^^^SHOP^PI||Kowalska^Anna||19800301|F`,
      `OBR|1|${s.order.number}||PANEL^Panel^L`,
      obx,
    ].join('\r');
  const post = async (body: string) => {
    const res = await fetch(`${suite.api.url}/api/backend/staff/results/import`, { method: 'POST', headers: { 'Content-Type': 'x-application/hl7-v2+er7', Authorization: `Bearer ${s.staff.token}` }, body });
    return res.text();
  };
  const abc = await post(msg(`OBX|1|ST|${s.glucoseCode}^Glucose^L||abc|mmol/L||||F`));
  expect(abc).toContain('MSA|AE');
  expect(abc).toContain('OBX^1^5');
  const finding = await post(msg(`OBX|1|ST|${s.hbsagCode}^HBsAg^L||abc||||||F`));
  expect(finding).toContain('MSA|AE');
  expect(await rowsOf(s.order.id)).toEqual([]);
  const good = await post(msg(`OBX|1|SN|${s.glucoseCode}^Glucose^L||>^30|mmol/L||||F`));
  expect(good).toContain('MSA|AA');
  expect(await rowsOf(s.order.id)).toEqual([{ analysis_id: s.glucose, value_num: null, value_text: '>30', interpretation: 'HH' }]);
});
