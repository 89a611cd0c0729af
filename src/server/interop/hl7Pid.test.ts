import { Hl7Message } from '@medplum/core';
import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';

/** PID-3 of an incoming ORU^R01 carrying the patient's PESEL or Belarusian personal number (SQLite and PostgreSQL). */
const suite = setUpApiSuite();
jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));


async function scenario() {
  const labId = await createLab(suite.db.db);
  const code = `G${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const glucose = await createAnalysis(suite.db.db, { code, name: 'Glucose', unit: 'mmol/L', ucum: 'mmol/L', ranges: [{ low: 3.9, high: 5.6 }] });
  const owner = await createUser(suite.db.db);
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labId });
  const jan = await createPatient(suite.db.db, owner.id, { firstName: 'Jan', gender: 'male', dateOfBirth: '1944-05-14', isUser: true });
  const ola = await createPatient(suite.db.db, owner.id, { firstName: 'Ola', gender: 'female', dateOfBirth: '2015-06-01' });
  for (const [id, extra] of [
    [jan, { pesel: '44051401359' }],
    [ola, { personalNumber: '3140583A001PB9' }],
  ] as const) {
    const current = (await suite.api.call('GET', `/api/backend/patient/${id}`, { token: owner.token })).body;
    expect((await suite.api.call('PUT', `/api/backend/patient/${id}`, { token: owner.token, body: { personalDetails: { ...current.personalDetails, ...extra } } })).status).toBe(200);
  }
  const slot = await createSlot(suite.db.db, labId, 40);
  const order = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: [{ patientId: jan, analysisId: glucose }, { patientId: ola, analysisId: glucose }] });
  for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
    await suite.api.call('POST', `/api/backend/staff/orders/${order.id}/status`, { token: staff.token, body: { status } });
  }
  return { code, staff, jan, ola, order };
}

function oru(s: Awaited<ReturnType<typeof scenario>>, janPid3: string, olaPid3: string): string {
  return [
    `MSH|^~\\&|LIS|LAB|SHOP|SHOP|20261122101500||ORU^R01^ORU_R01|PID3|P|2.5.1`,
    `PID|1||${janPid3}||Nowak^Jan||19440514|M`,
    `OBR|1|${s.order.number}||PANEL^Panel^L`,
    `OBX|1|NM|${s.code}^Glucose^L||5.1|mmol/L^mmol/L^UCUM|3.9-5.6|N|||F`,
    `PID|2||${olaPid3}||Nowak^Ola||20150601|F`,
    `OBR|2|${s.order.number}||PANEL^Panel^L`,
    `OBX|1|NM|${s.code}^Glucose^L||4.4|mmol/L^mmol/L^UCUM|3.9-5.6|N|||F`,
  ].join('\r');
}

async function post(body: string, token: string) {
  const res = await fetch(`${suite.api.url}/api/backend/staff/results/import`, { method: 'POST', headers: { 'Content-Type': 'x-application/hl7-v2+er7', Authorization: `Bearer ${token}` }, body });
  const ack = Hl7Message.parse(await res.text());
  return { status: res.status, code: ack.getSegment('MSA')?.getField(1).toString(), err: ack.getSegment('ERR') };
}

const saved = async (orderId: number) => (await suite.db.db.selectFrom('analysis_results').select('id').where('order_id', '=', orderId).execute()).length;

test('PID-3 repeating the stored PESEL (by name or by OID) and personal number is accepted', async () => {
  const s = await scenario();
  const res = await post(oru(s, `${s.jan}^^^SHOP^PI~44051401359^^^&2.16.840.1.113883.3.4424.1.1.616&ISO^NI`, `3140583A001PB9^^^BYPN^NI~${s.ola}^^^SHOP^PI`), s.staff.token);
  expect(res).toMatchObject({ status: 200, code: 'AA' });
  expect(await saved(s.order.id)).toBe(2);
  const again = await post(oru(s, `${s.jan}^^^SHOP^PI~44051401359^^^PESEL^NI`, `${s.ola}`), s.staff.token);
  expect(again.code).toBe('AA');
});

test('a PESEL or personal number in PID-3 that is not the patient\'s is refused AE naming PID-3, nothing written', async () => {
  const s = await scenario();
  const pesel = await post(oru(s, `${s.jan}^^^SHOP^PI~15260112343^^^PESEL^NI`, `${s.ola}^^^SHOP^PI`), s.staff.token);
  expect(pesel.code).toBe('AE');
  expect(pesel.err?.getField(2).toString()).toBe('PID^1^3');
  expect(pesel.err?.getComponent(3, 2)).toContain('PESEL 15260112343 is not the PESEL of patient');
  const number = await post(oru(s, `${s.jan}^^^SHOP^PI`, `${s.ola}^^^SHOP^PI~3140583A001PB8^^^BYPN^NI`), s.staff.token);
  expect(number.code).toBe('AE');
  expect(number.err?.getField(2).toString()).toBe('PID^2^3');
  expect(await saved(s.order.id)).toBe(0);
});
