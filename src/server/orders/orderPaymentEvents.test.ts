import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createUser } from '@/server/testing/orderFixtures';
import { soonToday } from '@/server/testing/soonToday';
import { inWriteTransaction } from '@/server/db/transactions';
import { insertAttempt } from '@/server/payments/repositories/payments';
import { recordVerifiedPayment } from '@/server/payments/recordPayment';
import type { OrderChangeEventDto } from '@/shared/types/order';

/**
 * The order's event stream carries its payment: the first event holds the payment as it is, and a
 * payment recorded while the stream is open (the operator's verified notification) is an `order`
 * event with the payment paid, so the order page and the order-submitted page need not poll. Over
 * real HTTP, on SQLite and (with DATABASE_URL=postgres://...) PostgreSQL.
 */
process.env.ORDER_EVENTS_POLL_MS = '100';
const suite = setUpApiSuite();

jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

/** Reads `order` events until one passes `until` (or the stream ends); answers every event read. */
async function readUntil(body: ReadableStream<Uint8Array>, until: (e: OrderChangeEventDto) => boolean, onFirst: () => Promise<void>): Promise<OrderChangeEventDto[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const seen: OrderChangeEventDto[] = [];
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    let found = false;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = block.split('\n').find((l) => l.startsWith('data: '));
      if (!block.includes('event: order') || !data) continue;
      const event = JSON.parse(data.slice(6)) as OrderChangeEventDto;
      seen.push(event);
      if (seen.length === 1) await onFirst();
      if (until(event)) found = true;
    }
    if (found) break;
  }
  await reader.cancel();
  return seen;
}

test('a payment recorded while the order page is open reaches it as an order event carrying the payment', async () => {
  const db = suite.db.db;
  const lab = await createLab(db);
  const analysisId = await createAnalysis(db);
  const owner = await createUser(db);
  const patientId = await createPatient(db, owner.id);
  const start = soonToday(10, 'Europe/Warsaw');
  const slotId = (await db.insertInto('nurse_slots').values({ laboratory_id: lab, start_at: start.toISOString(), end_at: new Date(start.getTime() + 7200_000).toISOString(), capacity: 2, booked: 0 }).returning('id').executeTakeFirstOrThrow()).id;
  const order = await createOrder(db, { userId: owner.id, laboratoryId: lab, slotId, lines: [{ patientId, analysisId }], status: 'visit_confirmed' });
  await db.updateTable('orders').set({ payment_method: 'online', payment_status: 'awaiting' }).where('id', '=', order.id).execute();
  const row = await db.selectFrom('orders').select(['total_minor', 'currency']).where('id', '=', order.id).executeTakeFirstOrThrow();
  const sessionId = `o${order.id}-event-test`;
  await insertAttempt(db, { orderId: order.id, provider: 'test', sessionId, amountMinor: row.total_minor, currency: row.currency }, new Date().toISOString());

  const res = await fetch(`${suite.api.url}/api/backend/orders/${order.id}/events`, { headers: { Authorization: `Bearer ${owner.token}` } });
  expect(res.status).toBe(200);
  const seen = await readUntil(
    res.body as ReadableStream<Uint8Array>,
    (e) => e.payment?.status === 'paid',
    async () => {
      expect(await inWriteTransaction(db, (trx) => recordVerifiedPayment(trx, sessionId, 'op-1', '127.0.0.1'))).toBe(true);
    },
  );
  expect(seen[0]).toMatchObject({ status: 'visit_confirmed', payment: { method: 'online', status: 'awaiting', amount: row.total_minor / 100, paidAt: null } });
  const last = seen.at(-1);
  expect(last).toMatchObject({ status: 'visit_confirmed', payment: { method: 'online', status: 'paid', amount: row.total_minor / 100 } });
  expect(last?.payment?.paidAt).toEqual(expect.any(String));
});
