import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createUser } from '@/server/testing/orderFixtures';
import { soonToday } from '@/server/testing/soonToday';
import * as orders from '@/server/orders/repositories/orders';
import * as visitRules from '@/shared/visitState';
import type { OrderStatus } from '@/server/db/schema';
import type { NurseVisitDto } from '@/shared/types/results';
import { applyVisitState } from './visitStates';

/**
 * POST staff/visits/{id}/state reads the order once (under its lock) for access, the rules and the
 * move, runs the visit rule once, and answers from the row the move wrote; two taps at the same
 * moment move the visit once. On SQLite and (with DATABASE_URL=postgres://...) PostgreSQL, where
 * the two requests really run in parallel.
 */
const suite = setUpApiSuite();

jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));
// The order's row reads and the visit rule, counted (they still do what they did).
jest.mock('@/server/orders/repositories/orders', () => {
  const actual = jest.requireActual<typeof orders>('@/server/orders/repositories/orders');
  return { ...actual, getOrder: jest.fn(actual.getOrder), lockOrder: jest.fn(actual.lockOrder) };
});
jest.mock('@/shared/visitState', () => {
  const actual = jest.requireActual<typeof visitRules>('@/shared/visitState');
  return { ...actual, visitRefusal: jest.fn(actual.visitRefusal) };
});

const getOrder = orders.getOrder as jest.MockedFunction<typeof orders.getOrder>;
const lockOrder = orders.lockOrder as jest.MockedFunction<typeof orders.lockOrder>;
const visitRefusal = visitRules.visitRefusal as jest.MockedFunction<typeof visitRules.visitRefusal>;

const MIN = 60_000;

async function slotAt(labId: string, start: Date): Promise<number> {
  const end = new Date(start.getTime() + 2 * 3600_000);
  return (await suite.db.db.insertInto('nurse_slots').values({ laboratory_id: labId, start_at: start.toISOString(), end_at: end.toISOString(), capacity: 4, booked: 0 }).returning('id').executeTakeFirstOrThrow()).id;
}

/** A visit assigned to a nurse, its slot starting `minutesFromNow` (default: in 10 minutes, today in Warsaw). */
async function world(opts: { minutesFromNow?: number; status?: OrderStatus } = {}) {
  const lab = await createLab(suite.db.db);
  const analysisId = await createAnalysis(suite.db.db);
  const owner = await createUser(suite.db.db);
  const patientId = await createPatient(suite.db.db, owner.id);
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab });
  const nurse = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse' });
  const otherNurse = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse' });
  const start = opts.minutesFromNow === undefined ? soonToday(10, 'Europe/Warsaw') : new Date(Date.now() + opts.minutesFromNow * MIN);
  const slotId = await slotAt(lab, start);
  const order = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: lab, slotId, lines: [{ patientId, analysisId }], status: opts.status ?? 'visit_confirmed' });
  expect((await suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/nurse`, { token: staff.token, body: { nurseUserId: nurse.id } })).status).toBe(200);
  return { staff, nurse, otherNurse, order };
}

const move = (token: string, orderId: number, body: object) => suite.api.call('POST', `/api/backend/staff/visits/${orderId}/state`, { token, body });

/** One request's answer with how often it read the order's row and ran the visit rule. */
async function counted(token: string, orderId: number, body: object) {
  getOrder.mockClear();
  lockOrder.mockClear();
  visitRefusal.mockClear();
  const res = await move(token, orderId, body);
  const reads = [...getOrder.mock.calls, ...lockOrder.mock.calls].filter((c) => c[1] === orderId).length;
  return { status: res.status, code: (res.body as { code?: string } | null)?.code, orderReads: reads, ruleChecks: visitRefusal.mock.calls.length, body: res.body as NurseVisitDto };
}

const only = ({ status, code, orderReads, ruleChecks }: Awaited<ReturnType<typeof counted>>) => ({ status, code, orderReads, ruleChecks });

test('a nurse\'s "arrived" reads the order once and runs the visit rule once; the answer is the moved visit', async () => {
  const w = await world();
  const arrived = await counted(w.nurse.token, w.order.id, { state: 'arrived' });
  expect(only(arrived)).toEqual({ status: 200, code: undefined, orderReads: 1, ruleChecks: 1 });
  expect(arrived.body).toMatchObject({ orderId: w.order.id, visitState: 'arrived', status: 'visit_confirmed' });
  // The answer is what a fresh read shows.
  expect((await suite.api.call('GET', `/api/backend/staff/visits/${w.order.id}`, { token: w.nurse.token })).body).toEqual(arrived.body);
});

test('every path of the state move: one read of the order for access and rules, the visit rule at most once', async () => {
  // "On the way" (and a second one with a new window), kept with its window in the answer.
  const a = await world();
  const onWay = await counted(a.nurse.token, a.order.id, { state: 'on_the_way' });
  expect(only(onWay)).toEqual({ status: 200, code: undefined, orderReads: 1, ruleChecks: 1 });
  expect(onWay.body.arrivalWindow).not.toBeNull();
  const start = new Date(Date.now() + 30 * MIN).toISOString();
  const end = new Date(Date.now() + 60 * MIN).toISOString();
  const again = await counted(a.nurse.token, a.order.id, { state: 'on_the_way', arrivalStart: start, arrivalEnd: end });
  expect(only(again)).toEqual({ status: 200, code: undefined, orderReads: 1, ruleChecks: 0 });
  expect(again.body.arrivalWindow).toEqual({ start, end });

  // A staff correction (with a reason): no rule, one read.
  const corrected = await counted(a.staff.token, a.order.id, { state: 'nurse_assigned', reason: 'Tapped by mistake' });
  expect(only(corrected)).toEqual({ status: 200, code: undefined, orderReads: 1, ruleChecks: 0 });
  expect(corrected.body).toMatchObject({ visitState: 'nurse_assigned', arrivalWindow: null });

  // "Not at home" through the visit's own action: the locked read and the answer's read of what it wrote.
  expect((await move(a.nurse.token, a.order.id, { state: 'arrived' })).status).toBe(200);
  const away = await counted(a.nurse.token, a.order.id, { state: 'not_at_home', reason: 'Nobody opens' });
  expect(only(away)).toEqual({ status: 200, code: undefined, orderReads: 2, ruleChecks: 1 });
  expect(away.body).toMatchObject({ visitState: 'not_at_home', notAtHome: { note: 'Nobody opens' } });

  // "Samples collected" through the order's status: the rule once (the order's own move does not run it).
  const b = await world();
  const collected = await counted(b.nurse.token, b.order.id, { state: 'collected' });
  expect(only(collected)).toMatchObject({ status: 200, ruleChecks: 1 });
  expect(collected.body).toMatchObject({ visitState: 'collected', status: 'sample_collected' });

  // Refusals read once too: another nurse's visit (404), a step on another day (409 with its code).
  const c = await world({ minutesFromNow: 3 * 24 * 60 });
  expect(only(await counted(c.otherNurse.token, c.order.id, { state: 'arrived' }))).toEqual({ status: 404, code: 'not_found', orderReads: 1, ruleChecks: 0 });
  expect(only(await counted(c.nurse.token, c.order.id, { state: 'arrived' }))).toEqual({ status: 409, code: 'visit_arrived_not_visit_day', orderReads: 1, ruleChecks: 1 });
  expect(only(await counted(c.nurse.token, c.order.id, { state: 'cancelled' }))).toEqual({ status: 403, code: 'forbidden', orderReads: 1, ruleChecks: 0 });
});

test('with `Prefer: return=minimal` the answer is what the step changed on the card, as a fresh read shows it, and says so', async () => {
  const w = await world();
  const minimal = { Prefer: 'return=minimal' };
  const onWay = await suite.api.call('POST', `/api/backend/staff/visits/${w.order.id}/state`, { token: w.nurse.token, body: { state: 'on_the_way' }, headers: minimal });
  expect(onWay.status).toBe(200);
  expect(onWay.headers.get('preference-applied')).toBe('return=minimal');
  expect(onWay.headers.get('vary')).toMatch(/\bPrefer\b/);
  const card = (await suite.api.call('GET', `/api/backend/staff/visits/${w.order.id}`, { token: w.nurse.token })).body as NurseVisitDto;
  const { orderId, status, visit, notAtHome, visitState, arrivalWindow, canMarkCollected, canMarkNotAtHome, visitDay } = card;
  expect(onWay.body).toEqual({ orderId, status, visit, notAtHome, visitState, arrivalWindow, canMarkCollected, canMarkNotAtHome, visitDay });
  expect(visitState).toBe('on_the_way');

  // A preference among others, in other case, and a move that changes the order's status too.
  const collected = await suite.api.call('POST', `/api/backend/staff/visits/${w.order.id}/state`, { token: w.nurse.token, body: { state: 'collected' }, headers: { Prefer: 'respond-async, RETURN="minimal"; x=1' } });
  expect(collected.status).toBe(200);
  expect(collected.body).toMatchObject({ visitState: 'collected', status: 'sample_collected', canMarkCollected: false, canMarkNotAtHome: false });
  expect(collected.body).not.toHaveProperty('patients');

  // Without the preference: the whole card, as before; a refused step's answer applies no preference.
  const b = await world();
  const full = await suite.api.call('POST', `/api/backend/staff/visits/${b.order.id}/state`, { token: b.nurse.token, body: { state: 'arrived' } });
  expect(full.status).toBe(200);
  expect(full.headers.get('preference-applied')).toBeNull();
  expect(full.body).toMatchObject({ visitState: 'arrived', phone: expect.any(String), patients: [expect.objectContaining({ analyses: expect.any(Array) })] });
  const refused = await suite.api.call('POST', `/api/backend/staff/visits/${b.order.id}/state`, { token: b.nurse.token, body: { state: 'arrived' }, headers: minimal });
  expect(refused.status).toBe(409);
  expect(refused.headers.get('preference-applied')).toBeNull();
  expect(refused.body).toMatchObject({ code: 'visit_same' });
});

test('a double tap of "arrived": one moves the visit, the other is 409 (it reads the state the first one wrote), one event', async () => {
  for (let i = 0; i < 6; i++) {
    const w = await world();
    const before = await suite.db.db.selectFrom('orders').select('visit_version').where('id', '=', w.order.id).executeTakeFirstOrThrow();
    const answers = await Promise.all([move(w.nurse.token, w.order.id, { state: 'arrived' }), move(w.nurse.token, w.order.id, { state: 'arrived' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)?.body).toMatchObject({ code: 'visit_same' });
    const events = await suite.db.db.selectFrom('visit_events').select('state').where('order_id', '=', w.order.id).where('state', '=', 'arrived').execute();
    expect(events).toHaveLength(1);
    const after = await suite.db.db.selectFrom('orders').select(['visit_state', 'visit_version']).where('id', '=', w.order.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ visit_state: 'arrived', visit_version: before.visit_version + 1 });
  }
});

test('a move from a state read before another move landed is refused with 409 changed meanwhile, and writes nothing', async () => {
  const w = await world();
  const stale = await suite.db.db.selectFrom('orders').selectAll().where('id', '=', w.order.id).executeTakeFirstOrThrow();
  expect(stale.visit_state).toBe('nurse_assigned');
  expect((await move(w.nurse.token, w.order.id, { state: 'arrived' })).status).toBe(200);
  // The rules pass on the old row ("arrived" from "nurse assigned"); the compare-and-set on the state does not.
  await expect(applyVisitState(suite.db.db, stale, 'arrived', { userId: w.nurse.id, role: 'nurse' })).rejects.toMatchObject({ status: 409, code: 'changed_meanwhile' });
  const events = await suite.db.db.selectFrom('visit_events').select('state').where('order_id', '=', w.order.id).orderBy('id').execute();
  expect(events.map((e) => e.state)).toEqual(['nurse_assigned', 'arrived']);
});
