import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';

/**
 * The morning check-in over HTTP (SQLite and PostgreSQL): `GET|POST orders/{id}/check-in`. A fast
 * too short or a cycle day outside the analysis's days answers `ok: false` with a free move of the
 * visit until it starts; another user's order is 404; a future or malformed date is 400 naming it.
 */
const suite = setUpApiSuite();
const B = '/api/backend';

async function setUp(opts: { fasting?: boolean; cycle?: boolean } = {}) {
  const db = suite.db.db;
  const labId = await createLab(db);
  const analysis = await createAnalysis(db, { name: opts.cycle ? 'FSH' : 'Glucose' });
  await db
    .updateTable('analyses')
    .set(opts.cycle ? { timing_cycle_from: 2, timing_cycle_to: 5 } : { timing_fasting_min: 8, timing_fasting_max: 12 })
    .where('id', '=', analysis)
    .execute();
  const owner = await createUser(db);
  const patientId = await createPatient(db, owner.id, { firstName: 'Ewa', gender: 'female', isUser: true });
  const slot = await createSlot(db, labId, 2);
  const order = await createOrder(db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, status: 'visit_confirmed', lines: [{ patientId, analysisId: analysis }] });
  return { owner, order, slot };
}

const post = (token: string, orderId: number, body: object) => suite.api.call('POST', `${B}/orders/${orderId}/check-in`, { token, body });
const hoursBefore = (iso: string, h: number) => new Date(Date.parse(iso) - h * 3_600_000).toISOString();
/** The Warsaw calendar day `d` days back (the fixture laboratory's own days, as the server counts them). */
const daysAgo = (d: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date(Date.now() - d * 86_400_000));

test('a fast long enough is ok; a short one offers a free move until the visit; the answer is kept', async () => {
  const { owner, order, slot } = await setUp({ fasting: true });
  const questions = await suite.api.call('GET', `${B}/orders/${order.id}/check-in`, { token: owner.token });
  expect(questions.status).toBe(200);
  expect(questions.body).toMatchObject({ orderId: order.id, fastingHours: 8, cycleDays: null, open: true, answer: null, timeZone: 'Europe/Warsaw' });

  const longFast = await post(owner.token, order.id, { lastMealAt: hoursBefore(slot.start, 10) });
  expect(longFast.status).toBe(200);
  expect(longFast.body).toEqual({ ok: true });
  // Within 24 hours of the visit a move is closed unless the check-in offered one.
  const elsewhere = await createSlot(suite.db.db, (await suite.db.db.selectFrom('orders').select('laboratory_id').where('id', '=', order.id).executeTakeFirstOrThrow()).laboratory_id, 96);
  expect((await suite.api.call('POST', `${B}/orders/${order.id}/reschedule`, { token: owner.token, body: { slotId: elsewhere.id } })).status).toBe(409);

  const shortFast = await post(owner.token, order.id, { lastMealAt: hoursBefore(slot.start, 4) });
  expect(shortFast.status).toBe(200);
  expect(shortFast.body).toEqual({ ok: false, rescheduleOffer: { fee: 0, until: slot.start } });
  const after = (await suite.api.call('GET', `${B}/orders/${order.id}/check-in`, { token: owner.token })).body;
  expect(after.answer).toMatchObject({ ok: false, fastingHours: 4, cycleStart: null });
  // The offer is honoured: the visit, within 24 hours, moves to another slot.
  const labId = (await suite.db.db.selectFrom('orders').select('laboratory_id').where('id', '=', order.id).executeTakeFirstOrThrow()).laboratory_id;
  const later = await createSlot(suite.db.db, labId, 72);
  const moved = await suite.api.call('POST', `${B}/orders/${order.id}/reschedule`, { token: owner.token, body: { slotId: later.id } });
  expect(moved.status).toBe(200);
});

test('a cycle-day analysis asks the first day of the period and checks the day of the visit', async () => {
  const { owner, order } = await setUp({ cycle: true });
  expect((await suite.api.call('GET', `${B}/orders/${order.id}/check-in`, { token: owner.token })).body).toMatchObject({ fastingHours: null, cycleDays: [2, 5] });
  const lastMealAt = new Date(Date.now() - 3_600_000).toISOString();
  const missing = await post(owner.token, order.id, { lastMealAt });
  expect(missing.status).toBe(400);
  expect(missing.body.fields).toHaveProperty('cycleStart');
  // The visit is in one to two hours: day 3 when the period began two days ago, day 11 when ten.
  const inRange = await post(owner.token, order.id, { lastMealAt, cycleStart: daysAgo(2) });
  const outOfRange = await post(owner.token, order.id, { lastMealAt, cycleStart: daysAgo(10) });
  // Near midnight the visit may fall on the next day; the answer then counts one day more.
  expect(inRange.body.ok).toBe(true);
  expect(outOfRange.body).toMatchObject({ ok: false, rescheduleOffer: { fee: 0 } });
});

test('bad input: another user\'s order 404, a future cycle date or last meal 400 naming the field, nothing kept', async () => {
  const { owner, order, slot } = await setUp({ fasting: true });
  const other = await createUser(suite.db.db);
  const stranger = await post(other.token, order.id, { lastMealAt: hoursBefore(slot.start, 10) });
  expect(stranger.status).toBe(404);
  expect((await suite.api.call('GET', `${B}/orders/${order.id}/check-in`, { token: other.token })).status).toBe(404);

  const tomorrow = daysAgo(-1);
  const futureCycle = await post(owner.token, order.id, { lastMealAt: hoursBefore(slot.start, 10), cycleStart: tomorrow });
  expect(futureCycle.status).toBe(400);
  expect(Object.keys(futureCycle.body.fields)).toEqual(['cycleStart']);
  const yearBack = await post(owner.token, order.id, { lastMealAt: hoursBefore(slot.start, 10), cycleStart: daysAgo(400) });
  expect(Object.keys(yearBack.body.fields)).toEqual(['cycleStart']);
  const futureMeal = await post(owner.token, order.id, { lastMealAt: new Date(Date.now() + 2 * 3_600_000).toISOString() });
  expect(futureMeal.status).toBe(400);
  expect(Object.keys(futureMeal.body.fields)).toEqual(['lastMealAt']);
  expect((await post(owner.token, order.id, {})).body.fields).toHaveProperty('lastMealAt');
  expect((await post(owner.token, order.id, { lastMealAt: 'yesterday-ish' })).body.fields).toHaveProperty('lastMealAt');
  expect((await suite.api.call('GET', `${B}/orders/${order.id}/check-in`, { token: owner.token })).body.answer).toBeNull();
  expect((await suite.api.call('POST', `${B}/orders/${order.id}/check-in`, { body: { lastMealAt: hoursBefore(slot.start, 10) } })).status).toBe(401);
});

test('the answers travel with the sample: the FHIR export gives the specimen its fasting status (v2-0916)', async () => {
  const { owner, order, slot } = await setUp({ fasting: true });
  expect((await post(owner.token, order.id, { lastMealAt: hoursBefore(slot.start, 10) })).body).toEqual({ ok: true });
  const db = suite.db.db;
  const line = await db.selectFrom('order_lines').select(['patient_id', 'analysis_id']).where('order_id', '=', order.id).executeTakeFirstOrThrow();
  const labId = (await db.selectFrom('orders').select('laboratory_id').where('id', '=', order.id).executeTakeFirstOrThrow()).laboratory_id;
  await db.updateTable('orders').set({ status: 'in_lab' }).where('id', '=', order.id).execute();
  // Closed once the samples are taken.
  expect((await post(owner.token, order.id, { lastMealAt: hoursBefore(slot.start, 10) })).body.code).toBe('check_in_closed');
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: labId });
  expect((await suite.api.call('PUT', `${B}/staff/orders/${order.id}/results`, { token: staff.token, body: { entries: [{ patientId: line.patient_id, analysisId: line.analysis_id, value: 5.2 }] } })).status).toBe(200);
  const fhir = await suite.api.call('GET', `${B}/test-results/${order.id}/fhir`, { token: owner.token });
  expect(fhir.status).toBe(200);
  const entries = (fhir.body as { entry: { fullUrl: string; resource: Record<string, unknown> & { resourceType: string } }[] }).entry;
  const specimen = entries.find((e) => e.resource.resourceType === 'Specimen');
  expect(specimen?.resource).toMatchObject({ collection: { fastingStatusCodeableConcept: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0916', code: 'F' }] } } });
  const observation = entries.find((e) => e.resource.resourceType === 'Observation');
  expect(observation?.resource.specimen).toEqual({ reference: specimen?.fullUrl });
  // The owner still reads the answer given.
  expect((await suite.api.call('GET', `${B}/orders/${order.id}/check-in`, { token: owner.token })).body.answer).toMatchObject({ ok: true, fastingHours: 10 });
});
