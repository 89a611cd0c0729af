import { getConfig, setConfigForTests } from '@/server/config';
import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createUser } from '@/server/testing/orderFixtures';
import { registerUser } from '@/server/testing/accountHelpers';
import { soonToday } from '@/server/testing/soonToday';
import { MAX_STREAMS_PER_ORDER, openOrderStreams } from './orderEvents';

/**
 * The limits of GET orders/{id}/events (SQLite and PostgreSQL): at most three open streams per
 * account and order (a fourth closes the oldest), a process-wide cap answered 503 with Retry-After and
 * the JSON error, and a stream ends within a heartbeat of sign-out or erasure of the account.
 */
process.env.ORDER_EVENTS_POLL_MS = '100';
process.env.ORDER_EVENTS_HEARTBEAT_MS = '300';
const suite = setUpApiSuite();
jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

/** Waits until the server has noticed every closed stream. */
async function allClosed(): Promise<void> {
  for (let i = 0; i < 100 && openOrderStreams() > 0; i++) await new Promise((r) => setTimeout(r, 20));
}

afterEach(async () => {
  setConfigForTests({ ...getConfig(), eventStreamsMax: 1000 });
  await allClosed();
});

async function orderOf(userId: number): Promise<number> {
  const lab = await createLab(suite.db.db);
  const analysisId = await createAnalysis(suite.db.db);
  const patientId = await createPatient(suite.db.db, userId);
  const start = soonToday(10, 'Europe/Warsaw');
  const slotId = (await suite.db.db.insertInto('nurse_slots').values({ laboratory_id: lab, start_at: start.toISOString(), end_at: new Date(start.getTime() + 7200_000).toISOString(), capacity: 2, booked: 0 }).returning('id').executeTakeFirstOrThrow()).id;
  return (await createOrder(suite.db.db, { userId, laboratoryId: lab, slotId, lines: [{ patientId, analysisId }], status: 'visit_confirmed' })).id;
}

interface Stream {
  status: number;
  /** Settles with how long after opening the server ended the stream. */
  ended: Promise<number>;
  close(): void;
}

async function open(orderId: number, token: string): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(`${suite.api.url}/api/backend/orders/${orderId}/events`, { headers: { Authorization: `Bearer ${token}` }, signal: controller.signal });
  const t0 = Date.now();
  const ended = (async () => {
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    try {
      for (;;) if ((await reader.read()).done) return Date.now() - t0;
    } catch {
      return -1;
    }
  })();
  return { status: res.status, ended, close: () => controller.abort() };
}

const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<'still open'>((r) => setTimeout(() => r('still open'), ms))]);

test('a fourth stream of one account and order closes the oldest; another order keeps its own', async () => {
  const owner = await createUser(suite.db.db);
  const [a, b] = [await orderOf(owner.id), await orderOf(owner.id)];
  const streams = [];
  for (let i = 0; i < MAX_STREAMS_PER_ORDER + 1; i++) streams.push(await open(a, owner.token));
  const other = await open(b, owner.token);
  expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200]);
  expect(await within(streams[0]!.ended, 2000)).not.toBe('still open');
  for (const s of streams.slice(1)) expect(await within(s.ended, 300)).toBe('still open');
  expect(await within(other.ended, 100)).toBe('still open');
  for (const s of [...streams, other]) s.close();
});

test('over the process-wide cap a stream is refused with 503, Retry-After and the JSON error', async () => {
  const owner = await createUser(suite.db.db);
  const orderId = await orderOf(owner.id);
  await allClosed();
  setConfigForTests({ ...getConfig(), eventStreamsMax: 1 });
  const first = await open(orderId, owner.token);
  expect(first.status).toBe(200);
  const other = await createUser(suite.db.db);
  const res = await fetch(`${suite.api.url}/api/backend/orders/${await orderOf(other.id)}/events`, { headers: { Authorization: `Bearer ${other.token}` } });
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('30');
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await res.json()).toMatchObject({ code: 'unavailable', error: expect.any(String) });
  first.close();
});

test('a stream ends within a heartbeat of sign-out, and of the erasure of the account', async () => {
  for (const end of ['logout', 'erasure'] as const) {
    const account = await registerUser(suite.api);
    const userId = (await suite.db.db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow()).id;
    const stream = await open(await orderOf(userId), account.token);
    expect(stream.status).toBe(200);
    expect(await within(stream.ended, 700)).toBe('still open');
    const res =
      end === 'logout'
        ? await suite.api.call('POST', '/api/backend/logout', { token: account.token })
        : await suite.api.call('DELETE', '/api/backend/users/current', { token: account.token, body: { password: account.password } });
    expect(res.status).toBeLessThan(300);
    expect({ end, after: await within(stream.ended, 1500) }).not.toEqual({ end, after: 'still open' });
    stream.close();
  }
});
