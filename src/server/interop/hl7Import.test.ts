import { Hl7Message } from '@medplum/core';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';
import { parseRange } from './hl7Import';

/** HL7 v2.5.1 ORU^R01 import over the real route, on SQLite and PostgreSQL. */
let tdb: TestDb;
let api: TestApiServer;
jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

beforeAll(async () => {
  tdb = await createTestDb({ seed: false });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

async function scenario() {
  const labId = await createLab(tdb.db);
  const glucoseCode = `G${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const glucose = await createAnalysis(tdb.db, { code: glucoseCode, name: 'Glucose', unit: 'mmol/L', ucum: 'mmol/L', criticalLow: 2.5, criticalHigh: 25, ranges: [{ low: 3.9, high: 5.6 }] });
  // A LOINC code unique to this test run's analysis, so the lookup by LOINC finds exactly it.
  const tshLoinc = `9${Math.floor(Math.random() * 1e6)}-1`;
  const tsh = await createAnalysis(tdb.db, { name: 'TSH', unit: 'mIU/L', ucum: 'm[IU]/L', loinc: tshLoinc, ranges: [{ low: 0.4, high: 4 }] });
  const hbsagCode = `H${Date.now().toString(36)}`.toUpperCase();
  const hbsag = await createAnalysis(tdb.db, { code: hbsagCode, name: 'HBsAg', unit: null, refLow: null, refHigh: null, ranges: [{ text: 'negative' }] });
  const owner = await createUser(tdb.db);
  const staff = await createUser(tdb.db, { role: 'staff', staffLaboratoryId: labId });
  const otherStaff = await createUser(tdb.db, { role: 'staff', staffLaboratoryId: await createLab(tdb.db) });
  const anna = await createPatient(tdb.db, owner.id, { firstName: 'Anna', gender: 'female', dateOfBirth: '1980-03-01' });
  const jan = await createPatient(tdb.db, owner.id, { firstName: 'Jan', gender: 'male', dateOfBirth: '2015-07-07' });
  const slot = await createSlot(tdb.db, labId, 40);
  const order = await createOrder(tdb.db, {
    userId: owner.id,
    laboratoryId: labId,
    slotId: slot.id,
    lines: [
      { patientId: anna, analysisId: glucose },
      { patientId: anna, analysisId: tsh },
      { patientId: anna, analysisId: hbsag },
      { patientId: jan, analysisId: glucose },
    ],
  });
  for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
    await api.call('POST', `/api/backend/staff/orders/${order.id}/status`, { token: staff.token, body: { status } });
  }
  return { glucose, glucoseCode, tsh, tshLoinc, hbsag, hbsagCode, staff, otherStaff, anna, jan, order, owner };
}

function oru(s: Awaited<ReturnType<typeof scenario>>, opts: { janValue?: string; control?: string; type?: string } = {}): string {
  return [
    `MSH|^~\\&|LIS|LAB|SHOP|SHOP|20261122101500||${opts.type ?? 'ORU^R01^ORU_R01'}|${opts.control ?? 'CTRL1'}|P|2.5.1`,
    `PID|1||${s.anna}^^^SHOP^PI||Kowalska^Anna||19800301|F`,
    `ORC|RE|${s.order.number}`,
    `OBR|1|${s.order.number}||PANEL^Panel^L|||20261122080000`,
    `OBX|1|NM|${s.glucoseCode}^Glucose^L||27.1|mmol/L^mmol/L^UCUM|3.9-5.6|HH|||F`,
    `NTE|1||Repeated and confirmed`,
    `OBX|2|NM|${s.tshLoinc}^TSH^LN||2,2|m[IU]/L^mIU/L^UCUM|0.4-4|N|||F`,
    `OBX|3|ST|${s.hbsagCode}^HBsAg^L||Negative||negative|N|||F`,
    `PID|2||${s.jan}^^^SHOP^PI||Kowalski^Jan||20150707|M`,
    `OBR|2|${s.order.number}||PANEL^Panel^L`,
    `OBX|1|NM|${s.glucoseCode}^Glucose^L||${opts.janValue ?? '4.4'}|mmol/L^mmol/L^UCUM|3.9-5.6|N|||F`,
  ].join('\r\n');
}

async function post(body: string, token: string, contentType = 'x-application/hl7-v2+er7') {
  const res = await fetch(`${api.url}/api/backend/staff/results/import`, { method: 'POST', headers: { 'Content-Type': contentType, Authorization: `Bearer ${token}` }, body });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, ack: text.startsWith('MSH') ? Hl7Message.parse(text) : null };
}

const rowsOf = (orderId: number) =>
  tdb.db.selectFrom('analysis_results').select(['patient_id', 'analysis_id', 'value_num', 'value_text', 'interpretation', 'comment', 'ref_low', 'ref_high']).where('order_id', '=', orderId).orderBy('id').execute();

test('an ORU^R01 with two patients and four results is written and acknowledged AA; sending it again changes nothing', async () => {
  const s = await scenario();
  const first = await post(oru(s), s.staff.token);
  expect(first.status).toBe(200);
  expect(first.contentType).toMatch(/^x-application\/hl7-v2\+er7/);
  expect(first.ack?.getSegment('MSH')?.getComponent(9, 1)).toBe('ACK');
  expect(first.ack?.getSegment('MSA')?.getField(1).toString()).toBe('AA');
  expect(first.ack?.getSegment('MSA')?.getField(2).toString()).toBe('CTRL1');
  const rows = await rowsOf(s.order.id);
  expect(rows.map((r) => [r.patient_id, r.analysis_id, r.value_num ?? r.value_text, r.interpretation])).toEqual([
    [s.anna, s.glucose, 27.1, 'HH'],
    [s.anna, s.tsh, 2.2, 'N'],
    [s.anna, s.hbsag, 'Negative', 'N'],
    [s.jan, s.glucose, 4.4, 'N'],
  ]);
  expect(rows[0]?.comment).toBe('Repeated and confirmed');
  const order = await tdb.db.selectFrom('orders').select('status').where('id', '=', s.order.id).executeTakeFirstOrThrow();
  expect(order.status).toBe('completed');

  const again = await post(oru(s, { control: 'CTRL2' }), s.staff.token, 'application/hl7-v2');
  expect(again.status).toBe(200);
  expect(again.contentType).toMatch(/^application\/hl7-v2/);
  expect(again.ack?.getSegment('MSA')?.getField(1).toString()).toBe('AA');
  expect(await rowsOf(s.order.id)).toEqual(rows);
});

test('a malformed message is answered AE naming the segment, and nothing is written', async () => {
  const s = await scenario();
  const bad = await post(oru(s, { janValue: 'high' }), s.staff.token);
  expect(bad.status).toBe(422);
  expect(bad.ack?.getSegment('MSA')?.getField(1).toString()).toBe('AE');
  const err = bad.ack?.getSegment('ERR');
  expect(err?.getField(2).toString()).toBe('OBX^4^5');
  expect(err?.getComponent(3, 1)).toBe('102');
  expect(bad.ack?.getSegment('MSA')?.getField(3).toString()).toMatch(/^OBX: OBX-5 "high" is not a number/);
  expect(await rowsOf(s.order.id)).toEqual([]);

  const unknownOrder = await post(oru(s).replaceAll(s.order.number, 'LS-NOPE'), s.staff.token);
  expect(unknownOrder.ack?.getSegment('MSA')?.getField(1).toString()).toBe('AE');
  expect(unknownOrder.ack?.getSegment('ERR')?.getField(2).toString()).toBe('OBR^1^2');
  const otherLab = await post(oru(s), s.otherStaff.token);
  expect(otherLab.ack?.getSegment('MSA')?.getField(1).toString()).toBe('AE');
  const wrongPatient = await post(oru(s).replace(`PID|2||${s.jan}`, 'PID|2||999999'), s.staff.token);
  expect(wrongPatient.ack?.getSegment('ERR')?.getField(2).toString()).toBe('OBX^4^3');
  const unknownCode = await post(oru(s).replace(`${s.tshLoinc}^TSH^LN`, '0000-0^Nothing^LN'), s.staff.token);
  expect(unknownCode.ack?.getSegment('ERR')?.getField(2).toString()).toBe('OBX^2^3');
  const unknownStatus = await post(oru(s).replace('|N|||F\r\nPID|2', '|N|||X\r\nPID|2'), s.staff.token);
  expect(unknownStatus.ack?.getSegment('ERR')?.getField(2).toString()).toBe('OBX^3^11');
  expect(await rowsOf(s.order.id)).toEqual([]);
});

/** An SPM segment whose SPM-21 (specimen reject reason, HL7 table 0490) is `reason`. */
function spm(reason: string): string {
  const fields = ['SPM', '1', '', '', 'BLD^Blood^HL70487', ...Array<string>(16).fill(''), reason];
  return fields.join('|');
}

test('SPM-21 = RH on one specimen rejects its analysis (the patient is offered a redraw) while the other specimens give their results; sent again, nothing changes', async () => {
  const s = await scenario();
  const message = (reason: string) =>
    [
      `MSH|^~\\&|LIS|LAB|SHOP|SHOP|20261122101500||ORU^R01^ORU_R01|SPM1|P|2.5.1`,
      `PID|1||${s.anna}^^^SHOP^PI||Kowalska^Anna||19800301|F`,
      `ORC|RE|${s.order.number}`,
      `OBR|1|${s.order.number}||${s.glucoseCode}^Glucose^L`,
      spm(reason),
      `OBR|2|${s.order.number}||PANEL^Panel^L`,
      `OBX|1|NM|${s.tshLoinc}^TSH^LN||2.2|m[IU]/L^mIU/L^UCUM|0.4-4|N|||F`,
      `OBX|2|ST|${s.hbsagCode}^HBsAg^L||Negative||negative|N|||F`,
      `SPM|2|||BLD^Blood^HL70487`,
      `PID|2||${s.jan}^^^SHOP^PI||Kowalski^Jan||20150707|M`,
      `OBR|3|${s.order.number}||PANEL^Panel^L`,
      `OBX|1|NM|${s.glucoseCode}^Glucose^L||4.4|mmol/L^mmol/L^UCUM|3.9-5.6|N|||F`,
    ].join('\r');
  const rejections = () => tdb.db.selectFrom('sample_rejections').select(['patient_id', 'analysis_id', 'reason', 'source', 'staff_task']).where('order_id', '=', s.order.id).execute();

  // A reason outside table 0490 names SPM-21, and nothing is written.
  const bad = await post(message('XX^Whatever^HL70490'), s.staff.token);
  expect(bad.ack?.getSegment('MSA')?.getField(1).toString()).toBe('AE');
  expect(bad.ack?.getSegment('ERR')?.getField(2).toString()).toBe('SPM^1^21');
  expect(await rowsOf(s.order.id)).toEqual([]);
  expect(await rejections()).toEqual([]);

  const first = await post(message('RH^Haemolysis^HL70490'), s.staff.token);
  expect(first.ack?.getSegment('MSA')?.getField(1).toString()).toBe('AA');
  expect((await rowsOf(s.order.id)).map((r) => [r.patient_id, r.analysis_id, r.value_num ?? r.value_text])).toEqual([
    [s.anna, s.tsh, 2.2],
    [s.anna, s.hbsag, 'Negative'],
    [s.jan, s.glucose, 4.4],
  ]);
  expect(await rejections()).toEqual([{ patient_id: s.anna, analysis_id: s.glucose, reason: 'RH', source: 'import', staff_task: 0 }]);
  // The order stays open for the redraw; the patient reads the reason and is offered the redraw.
  const detail = await api.call('GET', `/api/backend/orders/${s.order.id}`, { token: s.owner.token });
  expect(detail.body.status).toBe('partial_results');
  const lines = (detail.body.patients as { id: number; lines: { analysisId: number; sample: unknown }[] }[]).flatMap((p) => p.lines.map((l) => ({ patient: p.id, ...l })));
  expect(lines.find((l) => l.patient === s.anna && l.analysisId === s.glucose)?.sample).toEqual({ status: 'rejected', reason: 'RH', reasonText: 'The blood sample broke down (haemolysis) before it could be tested.' });
  expect(lines.find((l) => l.patient === s.jan && l.analysisId === s.glucose)?.sample).toEqual({ status: 'ok' });
  expect(detail.body.redraw.available).toBe(true);

  const again = await post(message('RH^Haemolysis^HL70490'), s.staff.token);
  expect(again.ack?.getSegment('MSA')?.getField(1).toString()).toBe('AA');
  expect(await rejections()).toHaveLength(1);
});

test('not an ORU^R01 or not HL7 at all is rejected AR; only staff may import', async () => {
  const s = await scenario();
  const adt = await post(oru(s, { type: 'ADT^A01^ADT_A01' }), s.staff.token);
  expect(adt.status).toBe(400);
  expect(adt.ack?.getSegment('MSA')?.getField(1).toString()).toBe('AR');
  expect(adt.ack?.getSegment('ERR')?.getField(2).toString()).toBe('MSH^1^9');
  const garbage = await post('hello, this is not HL7', s.staff.token);
  expect(garbage.status).toBe(400);
  expect(garbage.ack?.getSegment('MSA')?.getField(1).toString()).toBe('AR');
  expect(await rowsOf(s.order.id)).toEqual([]);
  expect((await post(oru(s), s.owner.token)).status).toBe(403);
  // The JSON import still works on the same route.
  const json = await api.call('POST', '/api/backend/staff/results/import', {
    token: s.staff.token,
    body: { orderNumber: s.order.number, results: [{ patientId: s.jan, analysisCode: s.glucoseCode, value: 5 }] },
  });
  expect(json.status).toBe(200);
});

test.each(['MSH', 'MSH|', 'MSH|^~\\&', 'MSH|^~\\&|||||||', 'MSH|^~\\&|LIS|LAB|SHOP|SHOP|20261122||ORU^R01|C1|P', 'MSH|^~\\&|LIS|LAB|SHOP|SHOP|20261122||ORU|C1|P|2.5.1', 'MSH\rPID|1', '|||'])(
  'a message that is not well formed (%j) is rejected AR, never a 500',
  async (text) => {
    const s = await scenario();
    const res = await post(text, s.staff.token);
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/MSA\|AR/);
    expect(await rowsOf(s.order.id)).toEqual([]);
  },
);

test('OBX-7 ranges as laboratories write them', () => {
  expect(parseRange('3.9-5.6')).toEqual({ refLow: 3.9, refHigh: 5.6 });
  expect(parseRange('3,9 - 5,6')).toEqual({ refLow: 3.9, refHigh: 5.6 });
  expect(parseRange('<5')).toEqual({ refLow: null, refHigh: 5 });
  expect(parseRange('>=10')).toEqual({ refLow: 10, refHigh: null });
  expect(parseRange('negative')).toEqual({ refText: 'negative' });
  expect(parseRange('')).toEqual({});
});
