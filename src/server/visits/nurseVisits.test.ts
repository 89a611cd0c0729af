import { labDayKey } from '@/shared/labTime';
import { soonToday } from '@/server/testing/soonToday';
import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createUser, type FixtureUser } from '@/server/testing/orderFixtures';
import type { NurseVisitsDto } from '@/shared/types/results';

/**
 * The nurse's day over the real API routes: assigning visits, the day's visits in the laboratory's
 * time zone with materials counted per patient, a nurse seeing only their own visits (another's is
 * absent and 404), "samples collected" and "not at home", and nurses kept out of the rest of the
 * console. On SQLite and (with DATABASE_URL=postgres://...) PostgreSQL.
 */
const suite = setUpApiSuite();

jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

const DAY = '2026-12-01';

async function slotAt(labId: string, startIso: string): Promise<number> {
  const end = new Date(new Date(startIso).getTime() + 2 * 3600_000).toISOString();
  return (await suite.db.db.insertInto('nurse_slots').values({ laboratory_id: labId, start_at: new Date(startIso).toISOString(), end_at: end, capacity: 4, booked: 0 }).returning('id').executeTakeFirstOrThrow()).id;
}

async function world() {
  const labA = await createLab(suite.db.db);
  const labB = await createLab(suite.db.db);
  const kit = (await suite.db.db.insertInto('materials').values({ name: 'Venous blood kit' }).returning('id').executeTakeFirstOrThrow()).id;
  const urine = (await suite.db.db.insertInto('materials').values({ name: 'Urine container' }).returning('id').executeTakeFirstOrThrow()).id;
  const glucose = await createAnalysis(suite.db.db, { name: 'Glucose' });
  const tsh = await createAnalysis(suite.db.db, { name: 'TSH' });
  const urinalysis = await createAnalysis(suite.db.db, { name: 'Urinalysis', unit: null, refLow: null, refHigh: null });
  await suite.db.db
    .insertInto('analysis_materials')
    .values([
      { analysis_id: glucose, material_id: kit, optional: 0 },
      { analysis_id: tsh, material_id: kit, optional: 0 },
      { analysis_id: urinalysis, material_id: urine, optional: 1 },
    ])
    .execute();
  const owner = await createUser(suite.db.db, { firstName: 'Anna', lastName: 'Nowak' });
  const p1 = await createPatient(suite.db.db, owner.id, { firstName: 'Jan', lastName: 'Nowak' });
  const p2 = await createPatient(suite.db.db, owner.id, { firstName: 'Ewa', lastName: 'Nowak', gender: 'female' });
  const staffA = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labA });
  const nurse1 = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labA, staffRole: 'nurse', firstName: 'Nina', lastName: 'First' });
  const nurse2 = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labA, staffRole: 'nurse', firstName: 'Olga', lastName: 'Second' });
  const staffB = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labB });
  const nurseB = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labB, staffRole: 'nurse' });
  // Warsaw time: 12:00-14:00, 08:00-10:00 and 00:30 on DAY; 23:30 the day before.
  const noon = await slotAt(labA, `${DAY}T11:00:00Z`);
  const morning = await slotAt(labA, `${DAY}T07:00:00Z`);
  const earliest = await slotAt(labA, `2026-11-30T23:30:00Z`);
  const dayBefore = await slotAt(labA, `2026-11-30T22:30:00Z`);
  const two = await createOrder(suite.db.db, {
    userId: owner.id,
    laboratoryId: labA,
    slotId: noon,
    lines: [
      { patientId: p1, analysisId: glucose },
      { patientId: p1, analysisId: tsh },
      { patientId: p2, analysisId: glucose },
      { patientId: p2, analysisId: urinalysis },
    ],
  });
  await suite.db.db.updateTable('orders').set({ address_intercom_code: '15K', address_floor: '4', address_notes: 'Blue door' }).where('id', '=', two.id).execute();
  const morningOrder = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: labA, slotId: morning, lines: [{ patientId: p1, analysisId: tsh }] });
  const earlyOrder = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: labA, slotId: earliest, lines: [{ patientId: p2, analysisId: urinalysis }] });
  const beforeOrder = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: labA, slotId: dayBefore, lines: [{ patientId: p1, analysisId: glucose }] });
  return { labA, labB, owner, staffA, nurse1, nurse2, staffB, nurseB, two, morningOrder, earlyOrder, beforeOrder };
}

/** The nurse is at the door ("not at home" needs that, or 15 minutes past the slot's start). */
/** The visit moved to a slot starting now: the nurse's taps are taken only on the visit's day. */
const onToday = async (orderId: number) => {
  const order = await suite.db.db.selectFrom('orders').select('laboratory_id').where('id', '=', orderId).executeTakeFirstOrThrow();
  const start = soonToday(0, 'Europe/Warsaw');
  const slot = await suite.db.db.insertInto('nurse_slots').values({ laboratory_id: order.laboratory_id, start_at: start.toISOString(), end_at: new Date(start.getTime() + 2 * 3600_000).toISOString(), capacity: 4, booked: 1 }).returning('id').executeTakeFirstOrThrow();
  await suite.db.db.updateTable('orders').set({ slot_id: slot.id }).where('id', '=', orderId).execute();
};
/** The nurse at the door, today. */
const arrived = async (orderId: number) => {
  await onToday(orderId);
  await suite.db.db.updateTable('orders').set({ visit_state: 'arrived' }).where('id', '=', orderId).execute();
};
const assign = (token: string, orderId: number, nurseUserId: unknown) => suite.api.call('PUT', `/api/backend/staff/orders/${orderId}/nurse`, { token, body: { nurseUserId } });
const visits = async (user: FixtureUser, day = DAY) => {
  const res = await suite.api.call('GET', `/api/backend/staff/visits?day=${day}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body as NurseVisitsDto;
};

test('staff assign visits to nurses of their laboratory only; bad ids are 400 naming nurseUserId', async () => {
  const w = await world();
  const ok = await assign(w.staffA.token, w.two.id, w.nurse1.id);
  expect(ok.status).toBe(200);
  expect(ok.body.nurse).toMatchObject({ id: w.nurse1.id, firstName: 'Nina', lastName: 'First' });

  for (const bad of [w.nurseB.id, w.staffA.id, w.owner.id, 999999, 'abc', -1, 1.5]) {
    const res = await assign(w.staffA.token, w.two.id, bad);
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('nurseUserId');
  }
  // A nurse of another laboratory: the console says so by the code.
  expect((await assign(w.staffA.token, w.two.id, w.nurseB.id)).body.code).toBe('not_a_nurse');
  expect((await suite.api.call('PUT', `/api/backend/staff/orders/${w.two.id}/nurse`, { token: w.staffA.token, body: {} })).body.fields).toHaveProperty('nurseUserId');
  // Another laboratory's staff: as if the order did not exist. A nurse cannot assign.
  expect((await assign(w.staffB.token, w.two.id, w.nurseB.id)).status).toBe(404);
  expect((await assign(w.nurse1.token, w.two.id, w.nurse1.id)).status).toBe(403);
  // Unassigning.
  const none = await assign(w.staffA.token, w.two.id, null);
  expect(none.status).toBe(200);
  expect(none.body.nurse).toBeNull();

  const nurses = await suite.api.call('GET', '/api/backend/staff/nurses', { token: w.staffA.token });
  expect(nurses.status).toBe(200);
  expect(nurses.body.map((n: { id: number }) => n.id)).toEqual([w.nurse1.id, w.nurse2.id]);
});

test("the day's visits in the laboratory's time zone and time order; a nurse sees only their own, another's is 404", async () => {
  const w = await world();
  for (const id of [w.two.id, w.earlyOrder.id, w.beforeOrder.id]) expect((await assign(w.staffA.token, id, w.nurse1.id)).status).toBe(200);
  expect((await assign(w.staffA.token, w.morningOrder.id, w.nurse2.id)).status).toBe(200);

  const mine = await visits(w.nurse1);
  expect(mine).toMatchObject({ day: DAY, timeZone: 'Europe/Warsaw' });
  // 00:30 and 12:00 Warsaw time; 23:30 Warsaw of the day before is not on this day.
  expect(mine.visits.map((v) => v.orderId)).toEqual([w.earlyOrder.id, w.two.id]);
  const visit = mine.visits[1];
  expect(visit).toMatchObject({
    orderId: w.two.id,
    status: 'placed',
    visit: { start: `${DAY}T11:00:00.000Z`, end: `${DAY}T13:00:00.000Z` },
    address: { street: 'Prosta 5', intercomCode: '15K', floor: '4', notes: 'Blue door' },
    phone: '+48 600 100 200',
    canMarkCollected: true,
    notAtHome: null,
  });
  expect(visit?.patients.map((p) => [p.firstName, p.materials])).toEqual([
    ['Jan', [{ name: 'Venous blood kit', count: 1 }]],
    ['Ewa', [{ name: 'Venous blood kit', count: 1 }, { name: 'Urine container', count: 1 }]],
  ]);
  // The blood kit is shared by glucose and TSH: one per patient, not one per test.
  expect(visit?.materials).toEqual([
    { name: 'Venous blood kit', count: 2 },
    { name: 'Urine container', count: 1 },
  ]);

  const other = await visits(w.nurse2);
  expect(other.visits.map((v) => v.orderId)).toEqual([w.morningOrder.id]);
  // Another nurse's visit: absent and 404 on every way in.
  expect((await suite.api.call('GET', `/api/backend/staff/visits/${w.two.id}`, { token: w.nurse2.token })).status).toBe(404);
  expect((await suite.api.call('GET', `/api/backend/staff/orders/${w.two.id}`, { token: w.nurse2.token })).status).toBe(404);
  expect((await suite.api.call('POST', `/api/backend/staff/orders/${w.two.id}/status`, { token: w.nurse2.token, body: { status: 'sample_collected' } })).status).toBe(404);
  expect((await suite.api.call('POST', `/api/backend/staff/visits/${w.two.id}/not-at-home`, { token: w.nurse2.token, body: { note: 'x' } })).status).toBe(404);
  expect((await suite.api.call('GET', `/api/backend/staff/visits/${w.two.id}`, { token: w.nurse1.token })).status).toBe(200);
  // Another laboratory's nurse and staff see nothing of it.
  expect((await visits(w.nurseB)).visits).toEqual([]);
  expect((await suite.api.call('GET', `/api/backend/staff/visits/${w.two.id}`, { token: w.staffB.token })).status).toBe(404);

  // Staff of the laboratory see every visit of the day, in time order.
  expect((await visits(w.staffA)).visits.map((v) => v.orderId)).toEqual([w.earlyOrder.id, w.morningOrder.id, w.two.id]);
  expect((await visits(w.staffA, '2026-11-30')).visits.map((v) => v.orderId)).toEqual([w.beforeOrder.id]);
});

test('the day defaults to today in the laboratory; a bad day is 400 naming day', async () => {
  const w = await world();
  const res = await suite.api.call('GET', '/api/backend/staff/visits', { token: w.nurse1.token });
  expect(res.status).toBe(200);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  expect(res.body.day).toBe(today);
  for (const bad of ['tomorrow', '2026-02-30', '2026-13-01', '1.12.2026']) {
    const r = await suite.api.call('GET', `/api/backend/staff/visits?day=${encodeURIComponent(bad)}`, { token: w.nurse1.token });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('day');
  }
  expect((await suite.api.call('GET', '/api/backend/staff/visits', { token: w.owner.token })).status).toBe(403);
  expect((await suite.api.call('GET', '/api/backend/staff/visits')).status).toBe(401);
});

test('a nurse marks samples collected or not at home with a note; nothing else of the console', async () => {
  const w = await world();
  expect((await assign(w.staffA.token, w.two.id, w.nurse1.id)).status).toBe(200);
  expect((await assign(w.staffA.token, w.morningOrder.id, w.nurse1.id)).status).toBe(200);

  // Not at home: a note is required; the order keeps its status.
  await arrived(w.morningOrder.id);
  const empty = await suite.api.call('POST', `/api/backend/staff/visits/${w.morningOrder.id}/not-at-home`, { token: w.nurse1.token, body: { note: '  ' } });
  expect(empty.status).toBe(400);
  expect(empty.body.fields).toHaveProperty('note');
  const away = await suite.api.call('POST', `/api/backend/staff/visits/${w.morningOrder.id}/not-at-home`, { token: w.nurse1.token, body: { note: 'Rang twice, nobody answered' } });
  expect(away.status).toBe(200);
  expect(away.body).toMatchObject({ status: 'placed', notAtHome: { note: 'Rang twice, nobody answered' } });
  const staffView = await suite.api.call('GET', `/api/backend/staff/orders/${w.morningOrder.id}`, { token: w.staffA.token });
  expect(staffView.body.notAtHome).toMatchObject({ note: 'Rang twice, nobody answered' });
  // A home visit does not need the customer's e-mail: the nurse's answer leaves it out, staff keep it.
  const nurseView = await suite.api.call('GET', `/api/backend/staff/orders/${w.morningOrder.id}`, { token: w.nurse1.token });
  expect(nurseView.status).toBe(200);
  expect(nurseView.body.customer).toEqual({ firstName: 'Anna', lastName: 'Nowak' });
  expect(JSON.stringify(nurseView.body)).not.toContain(w.owner.email);
  expect(staffView.body.customer.email).toBe(w.owner.email);

  // Samples collected from a placed order: the existing status step (through visit confirmed), on the visit's day.
  await onToday(w.two.id);
  const collected = await suite.api.call('POST', `/api/backend/staff/orders/${w.two.id}/status`, { token: w.nurse1.token, body: { status: 'sample_collected' } });
  expect(collected.status).toBe(200);
  expect(collected.body.status).toBe('sample_collected');
  expect(collected.body.canEnterResults).toBe(false);
  expect(collected.body.events.map((e: { status: string }) => e.status)).toEqual(['placed', 'visit_confirmed', 'sample_collected']);
  expect((await visits(w.nurse1, labDayKey(new Date(), 'Europe/Warsaw'))).visits.find((v) => v.orderId === w.two.id)).toMatchObject({ status: 'sample_collected', canMarkCollected: false });
  // Once collected, "not at home" no longer applies.
  expect((await suite.api.call('POST', `/api/backend/staff/visits/${w.two.id}/not-at-home`, { token: w.nurse1.token, body: { note: 'x' } })).status).toBe(409);

  // None of the rest of the console: other steps, results, import, order lists, assigning.
  const t = w.nurse1.token;
  expect((await suite.api.call('POST', `/api/backend/staff/orders/${w.two.id}/status`, { token: t, body: { status: 'in_lab' } })).status).toBe(403);
  expect((await suite.api.call('POST', `/api/backend/staff/orders/${w.morningOrder.id}/status`, { token: t, body: { status: 'cancelled' } })).status).toBe(403);
  expect((await suite.api.call('GET', `/api/backend/staff/orders?date=${DAY}`, { token: t })).status).toBe(403);
  expect((await suite.api.call('PUT', `/api/backend/staff/orders/${w.two.id}/results`, { token: t, body: { entries: [] } })).status).toBe(403);
  expect((await suite.api.call('POST', '/api/backend/staff/results/import', { token: t, body: { orderNumber: w.two.number, results: [] } })).status).toBe(403);
  expect((await suite.api.call('GET', '/api/backend/staff/nurses', { token: t })).status).toBe(403);
  // Nor the patient's side of the order and its results.
  expect((await suite.api.call('GET', `/api/backend/orders/${w.two.id}`, { token: t })).status).toBe(404);
  expect((await suite.api.call('GET', `/api/backend/test-results/${w.two.id}`, { token: t })).status).toBe(404);
  // Staff still move the order on.
  expect((await suite.api.call('POST', `/api/backend/staff/orders/${w.two.id}/status`, { token: w.staffA.token, body: { status: 'in_lab' } })).status).toBe(200);
});

test("the nurse's work is in the laboratory's audit trail: the day list read, not at home, samples collected (the note itself is not)", async () => {
  const w = await world();
  expect((await assign(w.staffA.token, w.two.id, w.nurse1.id)).status).toBe(200);
  expect((await assign(w.staffA.token, w.morningOrder.id, w.nurse1.id)).status).toBe(200);
  await arrived(w.morningOrder.id);
  const since = (await suite.db.db.selectFrom('audit_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0;
  const day = await visits(w.nurse1);
  expect((await suite.api.call('POST', `/api/backend/staff/visits/${w.morningOrder.id}/not-at-home`, { token: w.nurse1.token, body: { note: 'Rang twice at flat 12' } })).status).toBe(200);
  await onToday(w.two.id);
  expect((await suite.api.call('POST', `/api/backend/staff/orders/${w.two.id}/status`, { token: w.nurse1.token, body: { status: 'sample_collected' } })).status).toBe(200);
  // A refused attempt (another nurse's visit) writes nothing.
  expect((await suite.api.call('POST', `/api/backend/staff/visits/${w.two.id}/not-at-home`, { token: w.nurse2.token, body: { note: 'x' } })).status).toBe(404);

  const rows = await suite.db.db.selectFrom('audit_events').selectAll().where('id', '>', Number(since)).where('actor_user_id', 'in', [w.nurse1.id, w.nurse2.id]).orderBy('id').execute();
  expect(rows.map((r) => [r.action, r.actor_kind, r.actor_user_id, r.laboratory_id, r.order_id, r.detail])).toEqual([
    ['health_read', 'staff', w.nurse1.id, w.labA, null, `visits of ${DAY} (${day.visits.length})`],
    ['health_write', 'staff', w.nurse1.id, w.labA, w.morningOrder.id, 'visit not at home'],
    ['health_write', 'staff', w.nurse1.id, w.labA, w.two.id, 'status sample_collected'],
  ]);
  expect(rows[1]?.subject_user_id).toBe(w.owner.id);
  expect(JSON.stringify(rows)).not.toContain('Rang twice');
  // Staff of the laboratory see them in the trail.
  const trail = await suite.api.call('GET', '/api/backend/staff/audit', { token: w.staffA.token });
  expect(trail.body.filter((r: { actorEmail: string | null; detail: string }) => r.detail === 'visit not at home')).toHaveLength(1);
});
