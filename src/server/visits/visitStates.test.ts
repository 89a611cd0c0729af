import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createUser } from '@/server/testing/orderFixtures';
import type { NurseVisitDto, OrderDetailDto } from '@/shared/types/results';
import { soonToday } from '@/server/testing/soonToday';
import { localToUtc, localDay } from '@/server/laboratories/laboratoryTime';

/**
 * The home visit's own states over the real API routes: the order of events, "never backwards",
 * "not at home" only once arrived or 15 minutes after the slot's start, "on the way" only on the
 * visit's day, a nurse moving only their own visits, staff corrections with a reason, the existing
 * nurse and patient actions moving the visit, and what the patient sees (`GET orders/{id}`). On
 * SQLite and (with DATABASE_URL=postgres://...) PostgreSQL.
 */
const suite = setUpApiSuite();

jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

const MIN = 60_000;

afterEach(() => jest.useRealTimers());

async function slotAt(labId: string, start: Date): Promise<number> {
  const end = new Date(start.getTime() + 2 * 3600_000);
  return (await suite.db.db.insertInto('nurse_slots').values({ laboratory_id: labId, start_at: start.toISOString(), end_at: end.toISOString(), capacity: 4, booked: 0 }).returning('id').executeTakeFirstOrThrow()).id;
}

/** An assigned visit whose slot starts `minutesFromNow` from now (`'soon'`: 10 minutes away, on today's local day). */
async function world(minutesFromNow: number | 'soon') {
  const lab = await createLab(suite.db.db);
  const otherLab = await createLab(suite.db.db);
  const analysisId = await createAnalysis(suite.db.db, { name: 'Ferritin' });
  const owner = await createUser(suite.db.db, { firstName: 'Ewa' });
  const patientId = await createPatient(suite.db.db, owner.id);
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab });
  const nurse = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse', firstName: 'Nina', lastName: 'Kowalska' });
  const otherNurse = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse' });
  const foreignNurse = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: otherLab, staffRole: 'nurse' });
  const start = minutesFromNow === 'soon' ? soonToday(10, 'Europe/Warsaw') : new Date(Date.now() + minutesFromNow * MIN);
  const slotId = await slotAt(lab, start);
  const order = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: lab, slotId, lines: [{ patientId, analysisId }], status: 'visit_confirmed' });
  const assigned = await suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/nurse`, { token: staff.token, body: { nurseUserId: nurse.id } });
  expect(assigned.status).toBe(200);
  return { owner, staff, nurse, otherNurse, foreignNurse, order };
}

const move = (token: string, orderId: number, body: object) => suite.api.call('POST', `/api/backend/staff/visits/${orderId}/state`, { token, body });
const patientView = async (token: string, orderId: number) => {
  const res = await suite.api.call('GET', `/api/backend/orders/${orderId}`, { token });
  expect(res.status).toBe(200);
  return res.body as OrderDetailDto;
};

test('the nurse taps through the visit; the patient sees each state in order, the window and the nurse\'s first name only', async () => {
  const w = await world('soon');
  let seen = await patientView(w.owner.token, w.order.id);
  expect(seen.visit).toMatchObject({ state: 'nurse_assigned', nurseFirstName: 'Nina', window: null });

  const start = new Date(Date.now() + 20 * MIN).toISOString();
  const end = new Date(Date.now() + 50 * MIN).toISOString();
  const onWay = await move(w.nurse.token, w.order.id, { state: 'on_the_way', arrivalStart: start, arrivalEnd: end });
  expect(onWay.status).toBe(200);
  expect((onWay.body as NurseVisitDto).visitState).toBe('on_the_way');
  seen = await patientView(w.owner.token, w.order.id);
  expect(seen.visit.window).toEqual({ start, end });

  expect((await move(w.nurse.token, w.order.id, { state: 'arrived' })).status).toBe(200);
  expect((await move(w.nurse.token, w.order.id, { state: 'collected' })).status).toBe(200);
  seen = await patientView(w.owner.token, w.order.id);
  expect(seen.status).toBe('sample_collected');
  expect(seen.visit.state).toBe('collected');
  expect(seen.visit.events.map((e) => e.state)).toEqual(['booked', 'nurse_assigned', 'on_the_way', 'arrived', 'collected']);
  const times = seen.visit.events.map((e) => Date.parse(e.at));
  expect([...times].sort((a, b) => a - b)).toEqual(times);
  // No surname, no phone of the nurse anywhere in the patient's answer.
  expect(JSON.stringify(seen)).not.toContain('Kowalska');
  expect(seen.expectedBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(seen.patients[0]?.lines[0]).toMatchObject({ expectedBy: seen.expectedBy, preliminary: false });
});

test('a visit never goes back; a final state stays; staff correct only with a reason', async () => {
  const w = await world('soon');
  expect((await move(w.nurse.token, w.order.id, { state: 'arrived' })).status).toBe(200);
  const back = await move(w.nurse.token, w.order.id, { state: 'on_the_way' });
  expect(back.status).toBe(409);
  expect(back.body).toMatchObject({ error: 'A visit cannot go back to an earlier state', code: 'visit_backwards' });
  expect((await move(w.staff.token, w.order.id, { state: 'nurse_assigned' })).status).toBe(409);
  const corrected = await move(w.staff.token, w.order.id, { state: 'nurse_assigned', reason: 'Tapped by mistake' });
  expect(corrected.status).toBe(200);
  expect((corrected.body as NurseVisitDto).visitState).toBe('nurse_assigned');
  const events = await suite.db.db.selectFrom('visit_events').select(['state', 'actor_role', 'reason']).where('order_id', '=', w.order.id).orderBy('id').execute();
  expect(events).toEqual([
    { state: 'nurse_assigned', actor_role: 'staff', reason: '' },
    { state: 'arrived', actor_role: 'nurse', reason: '' },
    { state: 'nurse_assigned', actor_role: 'staff', reason: 'Tapped by mistake' },
  ]);
  expect((await move(w.nurse.token, w.order.id, { state: 'collected' })).status).toBe(200);
  const final = await move(w.nurse.token, w.order.id, { state: 'not_at_home', reason: 'x' });
  expect(final.status).toBe(409);
  expect(final.body).toMatchObject({ error: 'The visit is over and its state can no longer change', code: 'visit_final' });
});

test('"not at home" only once arrived or from 15 minutes after the slot start', async () => {
  // The nurse's taps are taken on the visit's day only: the clock reads noon in Warsaw today, so a slot
  // 5 minutes ahead and one 16 minutes ago both fall on that day, whatever the hour the test runs at.
  jest.useFakeTimers({ now: localToUtc(localDay(new Date(), 'Europe/Warsaw'), 12, 'Europe/Warsaw'), advanceTimers: true, doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  const early = await world(5);
  const refused = await move(early.nurse.token, early.order.id, { state: 'not_at_home', reason: 'Nobody answers' });
  expect(refused.status).toBe(409);
  // The older "not at home" action follows the same rule.
  expect((await suite.api.call('POST', `/api/backend/staff/visits/${early.order.id}/not-at-home`, { token: early.nurse.token, body: { note: 'x' } })).status).toBe(409);
  expect((await move(early.nurse.token, early.order.id, { state: 'arrived' })).status).toBe(200);
  expect((await move(early.nurse.token, early.order.id, { state: 'not_at_home', reason: 'Nobody answers' })).status).toBe(200);
  const seen = await patientView(early.owner.token, early.order.id);
  expect(seen.visit.state).toBe('not_at_home');
  expect(seen.status).toBe('visit_confirmed');

  const late = await world(-16);
  expect((await move(late.nurse.token, late.order.id, { state: 'not_at_home', reason: 'Nobody answers' })).status).toBe(200);
});

test('"on the way", "arrived", "collected" and "not at home" only on the visit\'s day, each refused with its own code', async () => {
  const w = await world(3 * 24 * 60);
  const refused = await move(w.nurse.token, w.order.id, { state: 'on_the_way' });
  expect(refused.status).toBe(409);
  // The console shows the refusal by its code, in the nurse's language.
  expect(refused.body).toMatchObject({ error: '"On the way" is possible only on the day of the visit', code: 'visit_not_visit_day' });
  expect((await move(w.nurse.token, w.order.id, { state: 'arrived' })).body).toMatchObject({ error: '"Arrived" is possible only on the day of the visit', code: 'visit_arrived_not_visit_day' });
  expect((await move(w.nurse.token, w.order.id, { state: 'collected' })).body).toMatchObject({ code: 'visit_collected_not_visit_day' });
  expect((await move(w.nurse.token, w.order.id, { state: 'not_at_home', reason: 'x' })).body).toMatchObject({ code: 'visit_not_at_home_not_visit_day' });
  expect((await patientView(w.owner.token, w.order.id)).visit.state).toBe('nurse_assigned');
});

test('a nurse moves only their own visits (404), only the nurse\'s steps (403); bad input is a 400 naming the field', async () => {
  const w = await world('soon');
  expect((await move(w.otherNurse.token, w.order.id, { state: 'arrived' })).status).toBe(404);
  expect((await move(w.foreignNurse.token, w.order.id, { state: 'arrived' })).status).toBe(404);
  expect((await move(w.owner.token, w.order.id, { state: 'arrived' })).status).toBe(403);
  expect((await move(w.nurse.token, w.order.id, { state: 'cancelled' })).status).toBe(403);
  const bad = await move(w.nurse.token, w.order.id, { state: 'flying' });
  expect(bad.status).toBe(400);
  expect(bad.body.fields).toHaveProperty('state');
  const badWindow = await move(w.nurse.token, w.order.id, { state: 'on_the_way', arrivalStart: new Date(Date.now() + 60 * MIN).toISOString(), arrivalEnd: new Date(Date.now() + 30 * MIN).toISOString() });
  expect(badWindow.status).toBe(400);
  expect(badWindow.body.fields).toHaveProperty('arrivalEnd');
  expect(badWindow.body.code).toBe('arrival_window_invalid');
  expect((await patientView(w.owner.token, w.order.id)).visit.state).toBe('nurse_assigned');
});

test('the existing actions move the visit: samples collected, the patient\'s cancel, unassigning', async () => {
  const a = await world('soon');
  expect((await suite.api.call('POST', `/api/backend/staff/orders/${a.order.id}/status`, { token: a.nurse.token, body: { status: 'sample_collected' } })).status).toBe(200);
  expect((await patientView(a.owner.token, a.order.id)).visit.state).toBe('collected');

  const b = await world(3 * 24 * 60);
  expect((await suite.api.call('PUT', `/api/backend/staff/orders/${b.order.id}/nurse`, { token: b.staff.token, body: { nurseUserId: null } })).status).toBe(200);
  expect((await patientView(b.owner.token, b.order.id)).visit).toMatchObject({ state: 'booked', nurseFirstName: null });
  expect((await suite.api.call('POST', `/api/backend/orders/${b.order.id}/cancel`, { token: b.owner.token })).status).toBe(200);
  const seen = await patientView(b.owner.token, b.order.id);
  expect(seen.visit.state).toBe('cancelled');
  expect(seen.visit.events.map((e) => e.state)).toEqual(['booked', 'nurse_assigned', 'booked', 'cancelled']);
});

test('a staff correction back to "nurse assigned" drops the announced arrival window for the nurse and the patient', async () => {
  const w = await world('soon');
  const onWay = await move(w.nurse.token, w.order.id, { state: 'on_the_way' });
  expect((onWay.body as NurseVisitDto).arrivalWindow).not.toBeNull();
  const corrected = await move(w.staff.token, w.order.id, { state: 'nurse_assigned', reason: 'Tapped by mistake' });
  expect(corrected.status).toBe(200);
  expect((corrected.body as NurseVisitDto).arrivalWindow).toBeNull();
  expect((await patientView(w.owner.token, w.order.id)).visit.window).toBeNull();
});
