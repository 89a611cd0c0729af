import { backgroundSettled } from '@/server/background';
import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createOrder, createScenario, createSlot } from '@/server/testing/orderFixtures';

/**
 * Preliminary and final results (staff entry and HL7 OBR-25) and the "results ready" mail, sent
 * exactly once per order when its last result is final; on SQLite and (with
 * DATABASE_URL=postgres://...) PostgreSQL.
 */
const suite = setUpApiSuite();

interface SentMail {
  to: string;
  subject: string;
  text: string;
}
const sent: SentMail[] = [];
jest.mock('@/server/mail/mailer', () => ({
  ...jest.requireActual<object>('../mail/mailer'),
  sendMail: jest.fn(async (mail: SentMail) => {
    sent.push(mail);
  }),
}));

const readyMails = (email: string) => sent.filter((m) => m.to === email && /results are ready|first test results/i.test(m.subject));

async function scenario() {
  const s = await createScenario(suite.db.db);
  const slot = await createSlot(suite.db.db, s.labId, 72);
  const order = await createOrder(suite.db.db, {
    userId: s.owner.id,
    laboratoryId: s.labId,
    slotId: slot.id,
    lines: [
      { patientId: s.patientId, analysisId: s.glucose },
      { patientId: s.patientId, analysisId: s.tsh },
    ],
  });
  for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
    expect((await suite.api.call('POST', `/api/backend/staff/orders/${order.id}/status`, { token: s.staff.token, body: { status } })).status).toBe(200);
  }
  const codes = await suite.db.db.selectFrom('analyses').select(['id', 'code']).where('id', 'in', [s.glucose, s.tsh]).execute();
  const codeOf = (id: number) => codes.find((c) => c.id === id)?.code as string;
  return { ...s, order, glucoseCode: codeOf(s.glucose), tshCode: codeOf(s.tsh) };
}
type Scenario = Awaited<ReturnType<typeof scenario>>;

const enter = (s: Scenario, entries: object[]) => suite.api.call('PUT', `/api/backend/staff/orders/${s.order.id}/results`, { token: s.staff.token, body: { entries } });

async function linesOf(s: Scenario): Promise<Record<number, { preliminary: boolean; hasResult: boolean }>> {
  const res = await suite.api.call('GET', `/api/backend/orders/${s.order.id}`, { token: s.owner.token });
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.patients[0].lines.map((l: { analysisId: number; preliminary: boolean; hasResult: boolean }) => [l.analysisId, { preliminary: l.preliminary, hasResult: l.hasResult }]));
}

function oru(s: Scenario, obrStatus: string, glucose: string, tsh: string, control: string): string {
  return [
    `MSH|^~\\&|LIS|LAB|SHOP|SHOP|20261122101500||ORU^R01^ORU_R01|${control}|P|2.5.1`,
    `PID|1||${s.patientId}^^^SHOP^PI||Zolc^Lucja`,
    `ORC|RE|${s.order.number}`,
    `OBR|1|${s.order.number}||PANEL^Panel^L|||20261122080000||||||||||||||||||${obrStatus}`,
    `OBX|1|NM|${s.glucoseCode}^Glucose^L||${glucose}|mmol/L|||||F`,
    `OBX|2|NM|${s.tshCode}^TSH^L||${tsh}|mIU/L|||||F`,
  ].join('\r\n');
}

async function importHl7(s: Scenario, body: string) {
  const res = await fetch(`${suite.api.url}/api/backend/staff/results/import`, { method: 'POST', headers: { 'Content-Type': 'x-application/hl7-v2+er7', Authorization: `Bearer ${s.staff.token}` }, body });
  const text = await res.text();
  await backgroundSettled();
  return { status: res.status, text };
}

const statusOf = async (s: Scenario) => (await suite.db.db.selectFrom('orders').select('status').where('id', '=', s.order.id).executeTakeFirstOrThrow()).status;

test('staff mark a value preliminary: shown as preliminary, the order not completed and no mail until the last result is final', async () => {
  const s = await scenario();
  const first = await enter(s, [{ patientId: s.patientId, analysisId: s.glucose, value: 5.1, preliminary: true }]);
  expect(first.status).toBe(200);
  expect(first.body.status).toBe('partial_results');
  expect((await linesOf(s))[s.glucose]).toEqual({ preliminary: true, hasResult: true });
  expect(readyMails(s.owner.email)).toEqual([]);

  // Every line has a value, one of them still preliminary: not completed, not mailed.
  expect((await enter(s, [{ patientId: s.patientId, analysisId: s.tsh, value: 1.2 }])).body.status).toBe('partial_results');
  expect(readyMails(s.owner.email)).toEqual([]);
  // The patient's results page of the patient: each value says whether it is preliminary.
  const page = await suite.api.call('GET', `/api/backend/test-results/${s.order.id}/patients/${s.patientId}`, { token: s.owner.token });
  expect(page.status).toBe(200);
  const flags = Object.fromEntries(JSON.stringify(page.body).match(/"analysisId":\d+[^{}]*?"preliminary":(true|false)/g)?.map((m) => [Number(/\d+/.exec(m)?.[0]), m.endsWith('true')]) ?? []);
  expect(flags).toEqual({ [s.glucose]: true, [s.tsh]: false });

  // The same value made final completes the order without a correction reason, and mails once.
  const final = await enter(s, [{ patientId: s.patientId, analysisId: s.glucose, value: 5.1 }]);
  expect(final.status).toBe(200);
  expect(final.body.status).toBe('completed');
  expect(await linesOf(s)).toEqual({ [s.glucose]: { preliminary: false, hasResult: true }, [s.tsh]: { preliminary: false, hasResult: true } });
  expect(readyMails(s.owner.email)).toHaveLength(1);

  // A correction of a final result mails nothing more.
  const corrected = await enter(s, [{ patientId: s.patientId, analysisId: s.tsh, value: 1.4, correctionReason: 'Recalibrated analyser' }]);
  expect(corrected.status).toBe(200);
  expect(readyMails(s.owner.email)).toHaveLength(1);
});

test('preliminary must be true or false', async () => {
  const s = await scenario();
  const res = await enter(s, [{ patientId: s.patientId, analysisId: s.glucose, value: 5.1, preliminary: 'maybe' }]);
  expect(res.status).toBe(400);
  expect(Object.keys(res.body.fields ?? {}).join(' ')).toContain('preliminary');
});

test('HL7 OBR-25 = P stores preliminary results, F makes them final and mails "results ready" once', async () => {
  const s = await scenario();
  const p = await importHl7(s, oru(s, 'P', '5.0', '1.1', 'P1'));
  expect(p.text).toContain('|AA|');
  expect(await statusOf(s)).toBe('partial_results');
  expect(await linesOf(s)).toEqual({ [s.glucose]: { preliminary: true, hasResult: true }, [s.tsh]: { preliminary: true, hasResult: true } });
  expect(readyMails(s.owner.email)).toEqual([]);

  const f = await importHl7(s, oru(s, 'F', '5.0', '1.1', 'F1'));
  expect(f.text).toContain('|AA|');
  expect(await statusOf(s)).toBe('completed');
  expect(await linesOf(s)).toEqual({ [s.glucose]: { preliminary: false, hasResult: true }, [s.tsh]: { preliminary: false, hasResult: true } });
  expect(readyMails(s.owner.email)).toHaveLength(1);

  // A corrected final result (OBR-25 = C) again: no second mail.
  expect((await importHl7(s, oru(s, 'C', '5.2', '1.1', 'C1'))).text).toContain('|AA|');
  expect(readyMails(s.owner.email)).toHaveLength(1);

  const bad = await importHl7(s, oru(s, 'X', '5.0', '1.1', 'X1'));
  expect(bad.text).toContain('|AE|');
  expect(bad.text).toContain('OBR-25');
});

test('parallel final imports of the last results mail "results ready" exactly once', async () => {
  for (let round = 0; round < 3; round += 1) {
    const s = await scenario();
    const glucoseOnly = oru(s, 'F', '5.0', '1.1', `G${round}`).split('\r\n').filter((l) => !l.startsWith('OBX|2')).join('\r\n');
    const tshOnly = oru(s, 'F', '5.0', '1.1', `T${round}`).split('\r\n').filter((l) => !l.startsWith('OBX|1')).join('\r\n');
    const both = oru(s, 'F', '5.0', '1.1', `B${round}`);
    const answers = await Promise.all([importHl7(s, glucoseOnly), importHl7(s, tshOnly), importHl7(s, both), importHl7(s, both)]);
    for (const a of answers) expect(a.text).toContain('|AA|');
    expect(await statusOf(s)).toBe('completed');
    expect(readyMails(s.owner.email)).toHaveLength(1);
    const events = await suite.db.db.selectFrom('order_status_events').select('status').where('order_id', '=', s.order.id).where('status', '=', 'completed').execute();
    expect(events).toHaveLength(1);
  }
});
