import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createUser } from '@/server/testing/orderFixtures';
import { openOrderStreams, orderStreamPollReads } from './orderEvents';
import { soonToday } from '@/server/testing/soonToday';

/**
 * GET orders/{id}/events over real HTTP: bearer-token auth, 404 for another user's order, the
 * current state first and an `order` event when the nurse moves the visit (no reload, no state kept
 * between polls). On SQLite and (with DATABASE_URL=postgres://...) PostgreSQL.
 */
process.env.ORDER_EVENTS_POLL_MS = '100';
const suite = setUpApiSuite();

jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

/**
 * Reads SSE `order` events from a fetch body until `count` distinct visit states arrived (one action
 * may be more than one event: every committed change of the order row is one, each carrying the
 * order's whole state), checking that the event ids only grow.
 */
async function readEvents(body: ReadableStream<Uint8Array>, count: number, onEach: (n: number) => Promise<void>): Promise<{ state: string }[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const seen: { state: string }[] = [];
  let lastId = -1;
  let buffer = '';
  while (seen.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = block.split('\n').find((l) => l.startsWith('data: '));
      const id = Number(block.split('\n').find((l) => l.startsWith('id: '))?.slice(4));
      if (block.includes('event: order') && data) {
        expect(id).toBeGreaterThan(lastId);
        lastId = id;
        const visit = JSON.parse(data.slice(6)).visit as { state: string };
        if (seen.at(-1)?.state === visit.state) continue;
        seen.push(visit);
        await onEach(seen.length);
      }
    }
  }
  await reader.cancel();
  return seen;
}

test('the order page follows the visit live over one stream; another user gets 404 and no token 401', async () => {
  const lab = await createLab(suite.db.db);
  const analysisId = await createAnalysis(suite.db.db);
  const owner = await createUser(suite.db.db);
  const stranger = await createUser(suite.db.db);
  const patientId = await createPatient(suite.db.db, owner.id);
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab });
  const nurse = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse', firstName: 'Nina' });
  const start = soonToday(10, 'Europe/Warsaw');
  const slotId = (await suite.db.db.insertInto('nurse_slots').values({ laboratory_id: lab, start_at: start.toISOString(), end_at: new Date(start.getTime() + 7200_000).toISOString(), capacity: 2, booked: 0 }).returning('id').executeTakeFirstOrThrow()).id;
  const order = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: lab, slotId, lines: [{ patientId, analysisId }], status: 'visit_confirmed' });
  const url = `${suite.api.url}/api/backend/orders/${order.id}/events`;

  expect((await fetch(url)).status).toBe(401);
  const foreign = await fetch(url, { headers: { Authorization: `Bearer ${stranger.token}` } });
  expect(foreign.status).toBe(404);

  const res = await fetch(url, { headers: { Authorization: `Bearer ${owner.token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const steps: [string, string, object][] = [
    ['PUT', `/api/backend/staff/orders/${order.id}/nurse`, { nurseUserId: nurse.id }],
    ['POST', `/api/backend/staff/visits/${order.id}/state`, { state: 'on_the_way' }],
  ];
  const seen = await readEvents(res.body as ReadableStream<Uint8Array>, 3, async (n) => {
    const step = steps[n - 1];
    if (!step) return;
    const token = n === 1 ? staff.token : nurse.token;
    expect((await suite.api.call(step[0], step[1], { token, body: step[2] })).status).toBe(200);
  });
  expect(seen.map((v) => v.state)).toEqual(['booked', 'nurse_assigned', 'on_the_way']);
});

test('open streams share one poll: five streams on three orders cost one query per interval, each stream of a moved order hears it, closed streams leave', async () => {
  const lab = await createLab(suite.db.db);
  const analysisId = await createAnalysis(suite.db.db);
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab });
  const nurse = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse', firstName: 'Nina' });
  const start = soonToday(10, 'Europe/Warsaw');
  const slotId = (await suite.db.db.insertInto('nurse_slots').values({ laboratory_id: lab, start_at: start.toISOString(), end_at: new Date(start.getTime() + 7200_000).toISOString(), capacity: 5, booked: 0 }).returning('id').executeTakeFirstOrThrow()).id;
  const orders: { owner: Awaited<ReturnType<typeof createUser>>; order: Awaited<ReturnType<typeof createOrder>> }[] = [];
  for (let i = 0; i < 3; i++) {
    const owner = await createUser(suite.db.db);
    const patientId = await createPatient(suite.db.db, owner.id);
    orders.push({ owner, order: await createOrder(suite.db.db, { userId: owner.id, laboratoryId: lab, slotId, lines: [{ patientId, analysisId }], status: 'visit_confirmed' }) });
  }
  const [moved, other1, other2] = orders as [(typeof orders)[number], (typeof orders)[number], (typeof orders)[number]];
  const open = (o: (typeof orders)[number]) => fetch(`${suite.api.url}/api/backend/orders/${o.order.id}/events`, { headers: { Authorization: `Bearer ${o.owner.token}` } });
  // The first test's stream has ended.
  for (let i = 0; i < 100 && openOrderStreams() > 0; i++) await new Promise((r) => setTimeout(r, 50));
  const before = openOrderStreams();
  const streams = await Promise.all([open(moved), open(moved), open(moved), open(other1), open(other2)]);
  expect(streams.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  // Each stream first gets the order as it is; the three of the moved order then hear the nurse.
  const heard = streams.slice(0, 3).map((r) => readEvents(r.body as ReadableStream<Uint8Array>, 2, async () => undefined));
  const opened = Date.now() + 5000;
  while (openOrderStreams() < before + 5 && Date.now() < opened) await new Promise((r) => setTimeout(r, 20));
  expect(openOrderStreams()).toBe(before + 5);

  const reads = orderStreamPollReads();
  await new Promise((r) => setTimeout(r, 1000));
  const polls = orderStreamPollReads() - reads;
  if (process.env.DATABASE_URL?.startsWith('postgres')) {
    // PostgreSQL: NOTIFY wakes the streams; no poll but the safety read once a heartbeat (15 s).
    expect(polls).toBeLessThanOrEqual(1);
  } else {
    // SQLite: every 100 ms one query for all five streams (about 10 in a second), not one per stream (about 50).
    expect(polls).toBeGreaterThanOrEqual(5);
    expect(polls).toBeLessThanOrEqual(13);
  }

  expect((await suite.api.call('PUT', `/api/backend/staff/orders/${moved.order.id}/nurse`, { token: staff.token, body: { nurseUserId: nurse.id } })).status).toBe(200);
  for (const seen of await Promise.all(heard)) expect(seen.map((v) => v.state)).toEqual(['booked', 'nurse_assigned']);
  for (const r of streams.slice(3)) await r.body?.cancel();
  // The server notices the closed connections and drops them from the poll.
  const deadline = Date.now() + 5000;
  while (openOrderStreams() > before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(openOrderStreams()).toBe(before);
});
