import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';

/**
 * Moving and cancelling one visit at the same moment (run on PostgreSQL with DATABASE_URL, where
 * requests really run in parallel; SQLite serialises writers): a place is never given back twice
 * and a cancelled order never holds one. After every race each slot's `booked` equals the number
 * of live orders in it.
 */
let tdb: TestDb;
let api: TestApiServer;

beforeAll(async () => {
  tdb = await createTestDb({ seed: false });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual('@/server/mail/mailer'), sendMail: jest.fn(async () => undefined) }));

const ITERATIONS = 15;

async function setUp() {
  const labId = await createLab(tdb.db);
  const analysis = await createAnalysis(tdb.db);
  const owner = await createUser(tdb.db);
  const patientId = await createPatient(tdb.db, owner.id);
  const slots = [await createSlot(tdb.db, labId, 72, { capacity: 5 }), await createSlot(tdb.db, labId, 96, { capacity: 5 }), await createSlot(tdb.db, labId, 120, { capacity: 5 })];
  return { labId, analysis, owner, patientId, slots };
}

/** Every slot's booked count against the orders that are not cancelled and sit in it. */
async function consistency(slotIds: number[]) {
  const slots = await tdb.db.selectFrom('nurse_slots').select(['id', 'booked']).where('id', 'in', slotIds).orderBy('id').execute();
  const orders = await tdb.db.selectFrom('orders').select(['slot_id', 'status']).where('slot_id', 'in', slotIds).execute();
  return slots.map((s) => ({ id: s.id, booked: s.booked, live: orders.filter((o) => o.slot_id === s.id && o.status !== 'cancelled').length }));
}

test('two parallel moves of one visit, and a move beside a cancellation, keep every slot count exact', async () => {
  const s = await setUp();
  const ids = s.slots.map((x) => x.id);
  const [a, b, c] = s.slots as unknown as [{ id: number }, { id: number }, { id: number }];
  for (let i = 0; i < ITERATIONS; i++) {
    const order = await createOrder(tdb.db, { userId: s.owner.id, laboratoryId: s.labId, slotId: a.id, lines: [{ patientId: s.patientId, analysisId: s.analysis }] });
    const move = (slotId: number) => api.call('POST', `/api/backend/orders/${order.id}/reschedule`, { token: s.owner.token, body: { slotId } });
    const cancel = () => api.call('POST', `/api/backend/orders/${order.id}/cancel`, { token: s.owner.token });
    const answers = i % 2 === 0 ? await Promise.all([move(b.id), move(c.id)]) : await Promise.all([move(b.id), cancel()]);
    for (const r of answers) expect([200, 409]).toContain(r.status);
    expect(answers.some((r) => r.status === 200)).toBe(true);
    for (const row of await consistency(ids)) expect(row).toEqual({ id: row.id, booked: row.live, live: row.live });
    // Clean up so the next round starts from an empty schedule: cancel whatever is live.
    const now = await tdb.db.selectFrom('orders').select(['status']).where('id', '=', order.id).executeTakeFirstOrThrow();
    if (now.status !== 'cancelled') expect((await cancel()).status).toBe(200);
  }
  expect((await consistency(ids)).map((r) => r.booked)).toEqual([0, 0, 0]);
});

test('two orders moved in parallel into the last place of one slot: one wins, the other is 409, capacity never exceeded', async () => {
  const s = await setUp();
  const home = s.slots[0] as { id: number };
  for (let i = 0; i < 8; i++) {
    // One place left in the target: capacity 2, one taken.
    const target = await createSlot(tdb.db, s.labId, 144 + i, { capacity: 2, booked: 1 });
    const orders = [
      await createOrder(tdb.db, { userId: s.owner.id, laboratoryId: s.labId, slotId: home.id, lines: [{ patientId: s.patientId, analysisId: s.analysis }] }),
      await createOrder(tdb.db, { userId: s.owner.id, laboratoryId: s.labId, slotId: home.id, lines: [{ patientId: s.patientId, analysisId: s.analysis }] }),
    ];
    const answers = await Promise.all(orders.map((o) => api.call('POST', `/api/backend/orders/${o.id}/reschedule`, { token: s.owner.token, body: { slotId: target.id } })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const row = await tdb.db.selectFrom('nurse_slots').select(['booked', 'capacity']).where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ booked: 2, capacity: 2 });
    const moved = await tdb.db.selectFrom('orders').select('id').where('slot_id', '=', target.id).execute();
    expect(moved).toHaveLength(1);
    for (const o of orders) await api.call('POST', `/api/backend/orders/${o.id}/cancel`, { token: s.owner.token });
  }
});
