import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { createAnalysis, createLab, createOrder, createPatient, createUser } from '@/server/testing/orderFixtures';
import { listJobsByKey } from '@/server/jobs/queue';
import { JOB } from '@/server/jobs/specs';
import { scanCheckInMornings, sendCheckInInvite } from './checkInInvite';

/**
 * The morning check-in's invitation (SQLite and PostgreSQL): enqueued once per order, only on the
 * visit's morning in the laboratory's time zone (Warsaw here) and only for an order whose analyses
 * ask a fast or a woman's cycle day; it sends one mail and one push per device linking to the
 * check-in page, naming no analysis.
 */
let db: TestDb;
beforeAll(async () => {
  db = await createTestDb({ seed: false });
});
afterAll(async () => {
  await db.cleanup();
});

// 2027-03-10, a Wednesday; Warsaw is UTC+1 in March before the change to summer time.
const at = (iso: string) => new Date(iso);

async function world() {
  const d = db.db;
  const lab = await createLab(d);
  const slot = (await d.insertInto('nurse_slots').values({ laboratory_id: lab, start_at: '2027-03-10T07:00:00.000Z', end_at: '2027-03-10T09:00:00.000Z', capacity: 8, booked: 0 }).returning('id').executeTakeFirstOrThrow()).id;
  const glucose = await createAnalysis(d, { name: 'Glucose' });
  const tsh = await createAnalysis(d, { name: 'TSH' });
  const fsh = await createAnalysis(d, { name: 'FSH' });
  await d.updateTable('analyses').set({ timing_fasting_min: 8, timing_fasting_max: 12 }).where('id', '=', glucose).execute();
  await d.updateTable('analyses').set({ timing_cycle_from: 2, timing_cycle_to: 5 }).where('id', '=', fsh).execute();
  const owner = await createUser(d, { firstName: 'Anna' });
  const man = await createPatient(d, owner.id, { gender: 'male' });
  const woman = await createPatient(d, owner.id, { gender: 'female', firstName: 'Ewa' });
  const order = (lines: { patientId: number; analysisId: number }[]) => createOrder(d, { userId: owner.id, laboratoryId: lab, slotId: slot, lines });
  const fasting = await order([{ patientId: man, analysisId: glucose }]);
  const untimed = await order([{ patientId: man, analysisId: tsh }]);
  const cycleOfMan = await order([{ patientId: man, analysisId: fsh }]);
  const cycle = await order([{ patientId: woman, analysisId: fsh }]);
  await d.insertInto('push_subscriptions').values({ user_id: owner.id, session_id: null, endpoint: `https://push.example.test/${owner.id}`, p256dh: 'k', auth: 'a', created_at: new Date().toISOString() }).execute();
  return { owner, fasting, untimed, cycleOfMan, cycle };
}

/** The invitations queued for each order (the key is `order:{id}`; a test world holds fewer than ten orders). */
const invites = async (ids: number[]) => Promise.all(ids.map(async (id) => (await listJobsByKey(db.db, JOB.checkInInvite, [`order:${id}`])).length));

test('one invitation per timed order, on the morning of the visit in the laboratory\'s time zone', async () => {
  const w = await world();
  const all = [w.fasting.id, w.untimed.id, w.cycleOfMan.id, w.cycle.id];
  // The evening before and 05:30 in Warsaw: not yet.
  expect(await scanCheckInMornings(db.db, at('2027-03-09T19:00:00Z'))).toBe(0);
  expect(await scanCheckInMornings(db.db, at('2027-03-10T04:30:00Z'))).toBe(0);
  expect(await invites(all)).toEqual([0, 0, 0, 0]);
  // 06:15 in Warsaw: the fasting order and the woman's cycle order; not the untimed one nor a man's cycle test.
  expect(await scanCheckInMornings(db.db, at('2027-03-10T05:15:00Z'))).toBe(2);
  // Later scans (and the visit begun) add nothing.
  expect(await scanCheckInMornings(db.db, at('2027-03-10T05:30:00Z'))).toBe(0);
  expect(await scanCheckInMornings(db.db, at('2027-03-10T07:30:00Z'))).toBe(0);
  expect(await invites(all)).toEqual([1, 0, 0, 1]);
});

test('the invitation is one mail and one push linking to the check-in, naming no analysis; none once the visit began', async () => {
  const w = await world();
  expect(await sendCheckInInvite(db.db, w.fasting.id, at('2027-03-10T05:15:00Z'))).toBe('sent');
  const mails = await db.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', w.owner.email).execute();
  expect(mails).toHaveLength(1);
  expect(mails[0]!.kind).toBe('checkInInvite');
  expect(mails[0]!.text_body).toContain(`/orders/${w.fasting.id}/check-in`);
  expect(mails[0]!.text_body).not.toMatch(/Glucose/);
  const pushes = await listJobsByKey(db.db, JOB.pushSend, [`check-in-${w.fasting.id}:`]);
  expect(pushes).toHaveLength(1);
  // The visit has begun, or is not today: nothing.
  expect(await sendCheckInInvite(db.db, w.cycle.id, at('2027-03-10T07:30:00Z'))).toBe('skipped');
  expect(await sendCheckInInvite(db.db, w.cycle.id, at('2027-03-09T20:00:00Z'))).toBe('skipped');
  // A cancelled order: nothing.
  await db.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', w.cycle.id).execute();
  expect(await sendCheckInInvite(db.db, w.cycle.id, at('2027-03-10T05:15:00Z'))).toBe('skipped');
  expect(await db.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', w.owner.email).execute()).toHaveLength(1);
});
