import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { getConfig } from '@/server/config';
import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createUser } from '@/server/testing/orderFixtures';
import { soonToday } from '@/server/testing/soonToday';
import { openOrderStreams } from './orderEvents';

/**
 * The ids of GET orders/{id}/events and the reconnect with Last-Event-ID (SQLite and PostgreSQL):
 * every `order` event has the id of its row in order_live_events; a client that comes back with the
 * last id it received (header or `lastEventId` query) is sent every event written while it was away,
 * in order, and nothing it already had. On PostgreSQL a second app instance in a process of its own
 * on the same schema: an event written through one instance reaches a stream open on the other
 * through NOTIFY (the other's safety poll set to a minute, so only the notification can bring it).
 */
process.env.ORDER_EVENTS_POLL_MS = '100';
const suite = setUpApiSuite();
const pg = !!process.env.DATABASE_URL?.startsWith('postgres');
jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

interface SseEvent {
  id: number;
  state: string;
}

/** An open stream: the `order` events as they arrive. */
interface Stream {
  status: number;
  events: SseEvent[];
  /** Waits until `n` events arrived (or throws after `ms`). */
  until(n: number, ms?: number): Promise<SseEvent[]>;
  close(): Promise<void>;
}

async function open(base: string, orderId: number, token: string, opts: { lastEventId?: number; lastEventIdHeader?: string; query?: string } = {}): Promise<Stream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
  if (opts.lastEventId !== undefined) headers['Last-Event-ID'] = String(opts.lastEventId);
  if (opts.lastEventIdHeader !== undefined) headers['Last-Event-ID'] = opts.lastEventIdHeader;
  const res = await fetch(`${base}/api/backend/orders/${orderId}/events${opts.query ?? ''}`, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const reading = (async () => {
    if (res.status !== 200) return;
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut).split('\n');
          buffer = buffer.slice(cut + 2);
          const data = block.find((l) => l.startsWith('data: '));
          const id = block.find((l) => l.startsWith('id: '));
          if (block.includes('event: order') && data && id) events.push({ id: Number(id.slice(4)), state: (JSON.parse(data.slice(6)) as { visit: { state: string } }).visit.state });
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return {
    status: res.status,
    events,
    async until(n, ms = 5000) {
      const deadline = Date.now() + ms;
      while (events.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      if (events.length < n) throw new Error(`${events.length} of ${n} events within ${ms} ms: ${JSON.stringify(events)}`);
      return events;
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

async function setUp() {
  const lab = await createLab(suite.db.db);
  const analysisId = await createAnalysis(suite.db.db);
  const owner = await createUser(suite.db.db);
  const patientId = await createPatient(suite.db.db, owner.id);
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab });
  const nurse = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse', firstName: 'Nina' });
  const start = soonToday(10, 'Europe/Warsaw');
  const slotId = (await suite.db.db.insertInto('nurse_slots').values({ laboratory_id: lab, start_at: start.toISOString(), end_at: new Date(start.getTime() + 7200_000).toISOString(), capacity: 2, booked: 0 }).returning('id').executeTakeFirstOrThrow()).id;
  const order = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: lab, slotId, lines: [{ patientId, analysisId }], status: 'visit_confirmed' });
  const moves = {
    assign: () => suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/nurse`, { token: staff.token, body: { nurseUserId: nurse.id } }),
    state: (state: string) => suite.api.call('POST', `/api/backend/staff/visits/${order.id}/state`, { token: nurse.token, body: { state } }),
  };
  return { order, owner, moves };
}

/** The ids of the order's stored events after `after`. */
async function storedIds(orderId: number, after = 0): Promise<number[]> {
  const rows = await sql<{ id: number }>`select id from order_live_events where order_id = ${orderId} and id > ${after} order by id`.execute(suite.db.db);
  return rows.rows.map((r) => Number(r.id));
}

async function allClosed(): Promise<void> {
  for (let i = 0; i < 100 && openOrderStreams() > 0; i++) await new Promise((r) => setTimeout(r, 20));
}

afterEach(allClosed);

test('each event has the id of its stored row; a reconnect with Last-Event-ID is sent every event written while away, in order, and nothing twice', async () => {
  const { order, owner, moves } = await setUp();
  const first = await open(suite.api.url, order.id, owner.token);
  expect(first.status).toBe(200);
  // The order as it is: it never changed yet, so its latest event id is 0.
  expect(await first.until(1)).toEqual([{ id: 0, state: 'booked' }]);
  expect((await moves.assign()).status).toBe(200);
  const assigned = await storedIds(order.id);
  expect(assigned.length).toBeGreaterThanOrEqual(1);
  await first.until(1 + assigned.length);
  expect(first.events.slice(1).map((e) => e.id)).toEqual(assigned);
  expect(first.events.at(-1)?.state).toBe('nurse_assigned');
  const lastSeen = first.events.at(-1)?.id as number;
  await first.close();

  // Away: the nurse sets off and arrives.
  expect((await moves.state('on_the_way')).status).toBe(200);
  expect((await moves.state('arrived')).status).toBe(200);
  const missed = await storedIds(order.id, lastSeen);
  expect(missed.length).toBeGreaterThanOrEqual(2);

  const back = await open(suite.api.url, order.id, owner.token, { lastEventId: lastSeen });
  expect(back.status).toBe(200);
  await back.until(missed.length);
  await new Promise((r) => setTimeout(r, 400));
  // Exactly the missed ones (no repeat of what the client had), oldest first, the state as it is now.
  expect(back.events.map((e) => e.id)).toEqual(missed);
  expect(back.events.at(-1)?.state).toBe('arrived');
  // Live after the replay.
  expect((await moves.state('collected')).status).toBe(200);
  const live = await storedIds(order.id, missed.at(-1));
  await back.until(missed.length + live.length);
  expect(back.events.slice(missed.length).map((e) => e.id)).toEqual(live);
  await back.close();

  // The query parameter does the same for a client that cannot set headers.
  const all = await storedIds(order.id);
  const byQuery = await open(suite.api.url, order.id, owner.token, { query: `?lastEventId=${all[0]}` });
  await byQuery.until(all.length - 1);
  expect(byQuery.events.map((e) => e.id)).toEqual(all.slice(1));
  await byQuery.close();

  // Up to date: nothing is sent but keep-alives.
  const upToDate = await open(suite.api.url, order.id, owner.token, { lastEventId: all.at(-1) as number });
  await new Promise((r) => setTimeout(r, 500));
  expect(upToDate.events).toEqual([]);
  await upToDate.close();

  // An id of another form (the older fingerprint ids) or past the latest counts as none: the state as it is.
  for (const lastEventId of ['3:visit_confirmed:2026-01-01', String((all.at(-1) as number) + 1000)]) {
    const fresh = await open(suite.api.url, order.id, owner.token, { lastEventIdHeader: lastEventId });
    expect((await fresh.until(1))[0]).toEqual({ id: all.at(-1), state: 'collected' });
    await fresh.close();
  }

  // A malformed lastEventId query is a 400 naming the field.
  const bad = await suite.api.call('GET', `/api/backend/orders/${order.id}/events?lastEventId=abc`, { token: owner.token });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toContain('lastEventId');
});

(pg ? test : test.skip)('PostgreSQL, two app instances in two processes on one schema: an event written through one reaches a stream open on the other by NOTIFY, and a reconnect to the first with Last-Event-ID misses nothing', async () => {
  const { order, owner, moves } = await setUp();
  const database = getConfig().database;
  if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
  const url = new URL(database.url);
  url.searchParams.set('schema', database.schema as string);
  // One process (node with tsx's loader), not tsx's CLI, which runs the script in a child of its own
  // that a kill of the CLI would leave running (holding this test's pipe, so jest never exits).
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/testing/apiServerProcess.ts'], {
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: url.toString(), SEED_DEMO: 'false', ORDER_EVENTS_POLL_MS: '100', ORDER_EVENTS_HEARTBEAT_MS: '60000', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const other = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening (\S+)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`the second instance exited (${code})`)));
    });
    const onOther = await open(other, order.id, owner.token);
    expect(onOther.status).toBe(200);
    expect(await onOther.until(1)).toEqual([{ id: 0, state: 'booked' }]);
    // Written through this instance, heard on the other within a second or two (its poll reads once a minute).
    const t0 = Date.now();
    expect((await moves.assign()).status).toBe(200);
    const assigned = await storedIds(order.id);
    await onOther.until(1 + assigned.length, 3000);
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(onOther.events.slice(1).map((e) => e.id)).toEqual(assigned);
    expect(onOther.events.at(-1)?.state).toBe('nurse_assigned');
    const lastSeen = onOther.events.at(-1)?.id as number;
    await onOther.close();

    // The other instance's client is away; it comes back to this one.
    expect((await moves.state('on_the_way')).status).toBe(200);
    expect((await moves.state('arrived')).status).toBe(200);
    const missed = await storedIds(order.id, lastSeen);
    const here = await open(suite.api.url, order.id, owner.token, { lastEventId: lastSeen });
    await here.until(missed.length);
    expect(here.events.map((e) => e.id)).toEqual(missed);
    expect(here.events.at(-1)?.state).toBe('arrived');
    await here.close();
  } finally {
    child.kill('SIGKILL');
  }
}, 60_000);
