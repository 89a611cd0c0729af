import { setUpApiSuite } from '../testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createUser } from '../testing/orderFixtures';

/**
 * GET orders/{id}/events over real HTTP: bearer-token auth, 404 for another user's order, the
 * current state first and an `order` event when the nurse moves the visit (no reload, no state kept
 * between polls). On SQLite and (with DATABASE_URL=postgres://...) PostgreSQL.
 */
process.env.ORDER_EVENTS_POLL_MS = '100';
const suite = setUpApiSuite();

jest.mock('../mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

/** Reads SSE `order` events from a fetch body until `count` arrived. */
async function readEvents(body: ReadableStream<Uint8Array>, count: number, onEach: (n: number) => Promise<void>): Promise<{ state: string }[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const seen: { state: string }[] = [];
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
      if (block.includes('event: order') && data) {
        seen.push(JSON.parse(data.slice(6)).visit);
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
  const start = new Date(Date.now() + 10 * 60_000);
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
