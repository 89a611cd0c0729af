import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';

/**
 * Every staff access to a patient's health data leaves exactly one audit record, whichever route it
 * takes: the patient routes under test-results (results, one patient's results, the PDF, one result),
 * the order, the staff day list, nurse assignment, status and result entry, and both imports (JSON and
 * HL7). The owner's own reads leave none. On SQLite and (with DATABASE_URL=postgres://...) PostgreSQL.
 */
const suite = setUpApiSuite();

jest.mock('@/server/mail/mailer', () => ({ sendMail: jest.fn(async () => undefined), buildAppUrl: (p: string) => `http://localhost:3000${p}` }));

const count = async (subject: number) =>
  Number((await suite.db.db.selectFrom('audit_events').select((eb) => eb.fn.countAll().as('n')).where('subject_user_id', '=', subject).executeTakeFirstOrThrow()).n);
const labRows = async (lab: string) =>
  Number((await suite.db.db.selectFrom('audit_events').select((eb) => eb.fn.countAll().as('n')).where('laboratory_id', '=', lab).executeTakeFirstOrThrow()).n);

test('each staff route over health data writes exactly one audit record; the owner reading writes none', async () => {
  const db = suite.db.db;
  const lab = await createLab(db);
  const code = `AUD${Date.now().toString(36)}`.toUpperCase();
  const glucose = await createAnalysis(db, { name: 'Glucose', code, unit: 'mmol/L' });
  const owner = await createUser(db);
  const patientId = await createPatient(db, owner.id, { isUser: true });
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: lab });
  const nurse = await createUser(db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse' });
  const slot = await createSlot(db, lab, 30);
  const order = await createOrder(db, { userId: owner.id, laboratoryId: lab, slotId: slot.id, lines: [{ patientId, analysisId: glucose }] });
  const day = slot.start.slice(0, 10);

  const steps: [string, () => Promise<{ status: number }>][] = [
    ['assign a nurse', () => suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/nurse`, { token: staff.token, body: { nurseUserId: nurse.id } })],
    ['the day list', () => suite.api.call('GET', `/api/backend/staff/orders?date=${day}`, { token: staff.token })],
    ['the order (console)', () => suite.api.call('GET', `/api/backend/staff/orders/${order.id}`, { token: staff.token })],
    ['status', () => suite.api.call('POST', `/api/backend/staff/orders/${order.id}/status`, { token: staff.token, body: { status: 'visit_confirmed' } })],
    ['status', () => suite.api.call('POST', `/api/backend/staff/orders/${order.id}/status`, { token: staff.token, body: { status: 'sample_collected' } })],
    ['results', () => suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/results`, { token: staff.token, body: { entries: [{ patientId, analysisId: glucose, value: 5 }] } })],
    ['JSON import', () => suite.api.call('POST', '/api/backend/staff/results/import', { token: staff.token, body: { orderNumber: order.number, results: [{ patientId, analysisCode: code, value: 5.1 }] } })],
    [
      'HL7 import',
      async () =>
        fetch(`${suite.api.url}/api/backend/staff/results/import`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/hl7-v2', Authorization: `Bearer ${staff.token}` },
          body: [
            'MSH|^~\\&|LIS|LAB|SHOP|SHOP|20261126120000||ORU^R01|M1|P|2.5.1',
            `PID|1||${patientId}`,
            `ORC|RE|${order.number}`,
            `OBR|1|${order.number}`,
            `OBX|1|NM|${code}^Glucose^L||5.4|mmol/L|3.9-5.6|N|||F`,
          ].join('\r'),
        }),
    ],
    ['the order (patient route)', () => suite.api.call('GET', `/api/backend/orders/${order.id}`, { token: staff.token })],
    ['the result set', () => suite.api.call('GET', `/api/backend/test-results/${order.id}`, { token: staff.token })],
    ["a patient's results", () => suite.api.call('GET', `/api/backend/test-results/${order.id}/patients/${patientId}`, { token: staff.token })],
    ['the PDF', () => suite.api.call('GET', `/api/backend/test-results/${order.id}/patients/${patientId}/pdf`, { token: staff.token })],
    ['the nurse\'s visit list', () => suite.api.call('GET', `/api/backend/staff/visits?day=${day}`, { token: nurse.token })],
  ];
  const outcome: string[] = [];
  for (const [name, step] of steps) {
    const before = name === 'the day list' || name === "the nurse's visit list" ? await labRows(lab) : await count(owner.id);
    const res = await step();
    const after = name === 'the day list' || name === "the nurse's visit list" ? await labRows(lab) : await count(owner.id);
    outcome.push(`${name}: ${res.status} +${after - before}`);
  }
  const resultId = (await db.selectFrom('analysis_results').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow()).id;
  const before = await count(owner.id);
  const one = await suite.api.call('GET', `/api/backend/test-results/${order.id}/patients/${patientId}/analysis-results/${resultId}`, { token: staff.token });
  outcome.push(`one result: ${one.status} +${(await count(owner.id)) - before}`);

  expect(outcome).toEqual(steps.map(([name]) => `${name}: 200 +1`).concat('one result: 200 +1'));

  const rows = await db.selectFrom('audit_events').select(['action', 'actor_kind', 'actor_user_id', 'detail', 'client_ip']).where('subject_user_id', '=', owner.id).orderBy('id').execute();
  expect(rows.every((r) => r.actor_kind === 'staff' && r.actor_user_id === staff.id && r.client_ip !== '')).toBe(true);
  expect(rows.map((r) => r.detail)).toEqual(expect.arrayContaining(['pdf', expect.stringMatching(/^HL7 import M1/), expect.stringMatching(/^nurse/)]));

  // The owner's own reads are not "someone opened my data".
  const ownBefore = await count(owner.id);
  for (const path of [`/api/backend/test-results/${order.id}`, `/api/backend/test-results/${order.id}/patients/${patientId}/pdf`, `/api/backend/orders/${order.id}`]) {
    expect((await suite.api.call('GET', path, { token: owner.token })).status).toBe(200);
  }
  expect(await count(owner.id)).toBe(ownBefore);
  const mine = await suite.api.call('GET', '/api/backend/users/current/audit', { token: owner.token });
  expect(JSON.stringify(mine.body)).toMatch(/pdf/);
});
