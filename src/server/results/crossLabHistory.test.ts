import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';

/**
 * Staff see only their laboratory's orders: the history (trend) of a result opened by staff of
 * laboratory A leaves out the patient's values measured by laboratory B; the patient sees all.
 * On SQLite and (with DATABASE_URL=postgres://...) PostgreSQL.
 */
const suite = setUpApiSuite();

jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

async function withResult(token: string, orderId: number, patientId: number, analysisId: number, value: number): Promise<number> {
  for (const status of ['visit_confirmed', 'sample_collected']) {
    expect((await suite.api.call('POST', `/api/backend/staff/orders/${orderId}/status`, { token, body: { status } })).status).toBe(200);
  }
  const saved = await suite.api.call('PUT', `/api/backend/staff/orders/${orderId}/results`, { token, body: { entries: [{ patientId, analysisId, value }] } });
  expect(saved.status).toBe(200);
  return saved.body.patients[0].analyses[0].result.id as number;
}

/** Every number anywhere in a JSON value. */
function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(numbersIn);
  return [];
}

test("a result opened by staff of laboratory A shows no history from laboratory B's orders", async () => {
  const labA = await createLab(suite.db.db);
  const labB = await createLab(suite.db.db);
  const glucose = await createAnalysis(suite.db.db, { name: 'Glucose' });
  const owner = await createUser(suite.db.db);
  const patientId = await createPatient(suite.db.db, owner.id, { isUser: true });
  const staffA = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labA });
  const staffB = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labB });

  const earlyA = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: labA, slotId: (await createSlot(suite.db.db, labA, 24)).id, lines: [{ patientId, analysisId: glucose }] });
  const atB = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: labB, slotId: (await createSlot(suite.db.db, labB, 48)).id, lines: [{ patientId, analysisId: glucose }] });
  const lateA = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: labA, slotId: (await createSlot(suite.db.db, labA, 72)).id, lines: [{ patientId, analysisId: glucose }] });
  await withResult(staffA.token, earlyA.id, patientId, glucose, 5.1);
  await withResult(staffB.token, atB.id, patientId, glucose, 9.9);
  const resultId = await withResult(staffA.token, lateA.id, patientId, glucose, 6.2);

  const path = `/api/backend/test-results/${lateA.id}/patients/${patientId}/analysis-results/${resultId}`;
  const asStaff = await suite.api.call('GET', path, { token: staffA.token });
  expect(asStaff.status).toBe(200);
  expect(asStaff.body.history.map((h: { orderId: number; value: number }) => [h.orderId, h.value])).toEqual([
    [earlyA.id, 5.1],
    [lateA.id, 6.2],
  ]);
  // Nothing of B's order anywhere in the answer: not its value, not its number. (A substring test
  // for "9.9" also matched timestamps such as "…:19.919Z".)
  expect(numbersIn(asStaff.body)).not.toContain(9.9);
  expect(JSON.stringify(asStaff.body)).not.toContain(atB.number);
  // The patient's own view keeps the whole history.
  const asOwner = await suite.api.call('GET', path, { token: owner.token });
  expect(asOwner.body.history.map((h: { orderId: number }) => h.orderId)).toEqual([earlyA.id, atB.id, lateA.id]);
  // Laboratory B's staff cannot open A's result at all.
  expect((await suite.api.call('GET', path, { token: staffB.token })).status).toBe(404);
});
