import { sql } from 'kysely';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { createLab, createOrder, createPatient, createAnalysis, createSlot, createUser } from '@/server/testing/orderFixtures';
import { listJobs } from '@/server/jobs/queue';
import { ensureRecurringJobs, jobDefinitions, runJobsOnce } from '@/server/jobList';
import { latestEventId } from './orderEventFeed';
import { liveEventsPruneJob } from './liveEventsRetention';

/**
 * The live events' retention (SQLite and PostgreSQL): the hourly job deletes the events of
 * `order_live_events` older than a day, keeps newer ones and each order's latest, so the id a client
 * reconnects with for an order that has not changed since stays the order's current id.
 */
let db: TestDb;
const orders: number[] = [];

beforeAll(async () => {
  db = await createTestDb({ seed: false });
  const labId = await createLab(db.db);
  const analysisId = await createAnalysis(db.db, { name: 'TSH' });
  const owner = await createUser(db.db);
  const patientId = await createPatient(db.db, owner.id);
  const slot = await createSlot(db.db, labId, 48, { capacity: 5 });
  for (let i = 0; i < 3; i += 1) orders.push((await createOrder(db.db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: [{ patientId, analysisId }] })).id);
});
afterAll(async () => {
  await db.cleanup();
});

const hoursAgo = (now: Date, h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

async function addEvent(orderId: number, createdAt: string): Promise<number> {
  const row = await sql<{ id: number }>`insert into order_live_events (order_id, created_at) values (${orderId}, ${createdAt}) returning id`.execute(db.db);
  return Number(row.rows[0]?.id);
}

async function eventIds(orderId: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`select id from order_live_events where order_id = ${orderId} order by id`.execute(db.db);
  return rows.rows.map((r) => Number(r.id));
}

test('events older than a day go, newer ones and each order latest stay, through the queue', async () => {
  const now = new Date();
  const [busy, quiet, fresh] = orders as [number, number, number];
  // An order that changed often two days ago and once an hour ago.
  await addEvent(busy, hoursAgo(now, 50));
  await addEvent(busy, hoursAgo(now, 49));
  const busyRecent = await addEvent(busy, hoursAgo(now, 1));
  // An order that last changed two days ago: its latest event stays, the earlier ones go.
  await addEvent(quiet, hoursAgo(now, 60));
  const quietLatest = await addEvent(quiet, hoursAgo(now, 48));
  // An order whose events are all younger than a day.
  const freshIds = [await addEvent(fresh, hoursAgo(now, 23)), await addEvent(fresh, hoursAgo(now, 2))];

  const report = await runJobsOnce(db.db, { now });
  expect(report).toBeDefined();

  expect(await eventIds(busy)).toEqual([busyRecent]);
  expect(await eventIds(quiet)).toEqual([quietLatest]);
  expect(await eventIds(fresh)).toEqual(freshIds);
  expect(await latestEventId(db.db, quiet)).toBe(quietLatest);
  expect(await latestEventId(db.db, busy)).toBe(busyRecent);
});

test('the retention is one recurring job, on the queue once an hour whichever instance asks first', async () => {
  expect(jobDefinitions().filter((d) => d.name === liveEventsPruneJob.name)).toHaveLength(1);
  // Ten past an hour thirty days ahead: never the hour the test above ran the queue in (its slot is taken).
  const hour = (Math.floor(Date.now() / 3_600_000) + 30 * 24) * 3_600_000 + 10 * 60_000;
  const pending = async () => (await listJobs(db.db)).filter((j) => j.name === liveEventsPruneJob.name && j.state === 'pending');
  const before = (await pending()).length;
  await ensureRecurringJobs(db.db, new Date(hour));
  await ensureRecurringJobs(db.db, new Date(hour + 20 * 60_000));
  expect(await pending()).toHaveLength(before + 1);
  await ensureRecurringJobs(db.db, new Date(hour + 61 * 60_000));
  expect(await pending()).toHaveLength(before + 2);
});
