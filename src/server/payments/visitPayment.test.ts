import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createUser } from '@/server/testing/orderFixtures';
import { soonToday } from '@/server/testing/soonToday';
import { readOutbox } from '@/server/testing/outbox';
import { getConfig } from '@/server/config';
import type { NurseVisitDto, NurseVisitsDto, OrderDetailDto } from '@/shared/types/results';
import type { NurseVisitPaymentDto } from '@/shared/types/visitPayment';

type Card = NurseVisitDto & { payment: NurseVisitPaymentDto };

/**
 * The nurse knows the money: the card says "paid online" or what to collect (minor units, the
 * laboratory's currency); the assigned nurse records the payment taken at the visit (cash or card)
 * of an order paid on the visit, once (a second record answers the first). The record is a verified
 * payment: paid = the sum of verified payments, the order reads paid, the patient can download the
 * receipt and is mailed through the queue. On SQLite and (DATABASE_URL=postgres://...) PostgreSQL.
 */
const suite = setUpApiSuite();

async function world() {
  const lab = await createLab(suite.db.db);
  const analysisId = await createAnalysis(suite.db.db, { name: 'Ferritin' });
  const owner = await createUser(suite.db.db, { firstName: 'Ewa' });
  const patientId = await createPatient(suite.db.db, owner.id);
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab });
  const nurse = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse', firstName: 'Nina' });
  const otherNurse = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse' });
  const start = soonToday(10, 'Europe/Warsaw');
  const slotId = (await suite.db.db.insertInto('nurse_slots').values({ laboratory_id: lab, start_at: start.toISOString(), end_at: new Date(start.getTime() + 2 * 3600_000).toISOString(), capacity: 4, booked: 0 }).returning('id').executeTakeFirstOrThrow()).id;
  const newOrder = async (priceMinor: number) => {
    const order = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: lab, slotId, lines: [{ patientId, analysisId, priceMinor }], status: 'visit_confirmed' });
    expect((await suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/nurse`, { token: staff.token, body: { nurseUserId: nurse.id } })).status).toBe(200);
    return order;
  };
  return { lab, owner, staff, nurse, otherNurse, newOrder };
}

const record = (token: string, orderId: number, body: unknown) => suite.api.call('POST', `/api/backend/staff/visits/${orderId}/payment`, { token, body });
const cardOf = async (token: string, orderId: number) => {
  const res = await suite.api.call('GET', '/api/backend/staff/visits', { token });
  expect(res.status).toBe(200);
  return (res.body as NurseVisitsDto).visits.find((v) => v.orderId === orderId) as Card;
};
const mailsTo = (email: string) => readOutbox(getConfig().outboxDir).filter((m) => m.to === email);

test('the card says what to collect; the assigned nurse records cash once; the order is paid, the patient gets the receipt and one mail', async () => {
  const w = await world();
  // 104.15 + the 20.00 visit fee.
  const order = await w.newOrder(10415);
  const card = await cardOf(w.nurse.token, order.id);
  expect(card.payment).toEqual({ method: 'on_visit', status: 'on_visit', amountMinor: 12415, currency: 'PLN', collected: null, canRecord: true });
  // Staff of the laboratory see the same money but do not record it.
  expect((await cardOf(w.staff.token, order.id)).payment).toMatchObject({ amountMinor: 12415, canRecord: false });
  expect((await suite.api.call('GET', `/api/backend/orders/${order.id}/receipt.pdf`, { token: w.owner.token })).status).toBe(409);

  // Bad input names the field; only the assigned nurse records.
  const bad = await record(w.nurse.token, order.id, { method: 'cheque' });
  expect(bad.status).toBe(400);
  expect((bad.body as { fields: Record<string, string> }).fields.method).toBe('The method is cash or card');
  expect((await record(w.nurse.token, order.id, {})).status).toBe(400);
  expect((await record(w.staff.token, order.id, { method: 'cash' })).status).toBe(403);
  expect((await record(w.otherNurse.token, order.id, { method: 'cash' })).status).toBe(404);

  const first = await record(w.nurse.token, order.id, { method: 'cash' });
  expect(first.status).toBe(200);
  const recorded = (first.body as Card).payment;
  expect(recorded).toMatchObject({ status: 'paid', amountMinor: 12415, canRecord: false, collected: { method: 'cash', amountMinor: 12415 } });

  // Asked again (even as card): the first record answers, nothing more is written or mailed.
  const again = await record(w.nurse.token, order.id, { method: 'card' });
  expect(again.status).toBe(200);
  expect((again.body as Card).payment.collected).toEqual(recorded.collected);
  expect((await cardOf(w.nurse.token, order.id)).payment.collected).toEqual(recorded.collected);

  // The money invariant: paid = the sum of verified payments = the total.
  const attempts = await suite.db.db.selectFrom('payment_attempts').select(['status', 'amount_minor']).where('order_id', '=', order.id).execute();
  expect(attempts).toEqual([{ status: 'paid', amount_minor: 12415 }]);
  const row = await suite.db.db.selectFrom('orders').select(['paid_minor', 'payment_status', 'paid_at']).where('id', '=', order.id).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ paid_minor: 12415, payment_status: 'paid', paid_at: recorded.collected?.at });

  // The patient's order reads paid, the receipt is there, one mail says so and leads to it.
  const seen = (await suite.api.call('GET', `/api/backend/orders/${order.id}`, { token: w.owner.token })).body as OrderDetailDto;
  expect(seen.payment).toMatchObject({ method: 'on_visit', status: 'paid', paidAt: recorded.collected?.at });
  const receipt = await suite.api.call('GET', `/api/backend/orders/${order.id}/receipt.pdf`, { token: w.owner.token });
  expect(receipt.status).toBe(200);
  const mails = mailsTo(w.owner.email).filter((m) => m.subject === `Payment received for order ${order.number}`);
  expect(mails).toHaveLength(1);
  expect(mails[0]?.text).toContain('taken by the nurse at your home visit');
  expect(mails[0]?.text).toContain(`/orders/${order.id}`);
});

test('nothing to record: an order paid online (the card says so), a cancelled one, a free second visit', async () => {
  const w = await world();
  const online = await w.newOrder(5000);
  await suite.db.db.updateTable('orders').set({ payment_method: 'online', payment_status: 'paid', paid_minor: 7000, paid_at: new Date().toISOString() }).where('id', '=', online.id).execute();
  expect((await cardOf(w.nurse.token, online.id)).payment).toMatchObject({ method: 'online', status: 'paid', amountMinor: 7000, canRecord: false, collected: null });
  expect((await record(w.nurse.token, online.id, { method: 'card' })).status).toBe(409);

  const cancelled = await w.newOrder(5000);
  await suite.db.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', cancelled.id).execute();
  expect((await record(w.nurse.token, cancelled.id, { method: 'cash' })).status).toBe(409);

  const free = await w.newOrder(0);
  await suite.db.db.updateTable('orders').set({ total_minor: 0, delivery_price_minor: 0 }).where('id', '=', free.id).execute();
  expect((await cardOf(w.nurse.token, free.id)).payment).toMatchObject({ amountMinor: 0, canRecord: false });
  expect((await record(w.nurse.token, free.id, { method: 'cash' })).status).toBe(409);
  const none = await suite.db.db.selectFrom('payment_attempts').select('id').where('order_id', 'in', [online.id, cancelled.id, free.id]).execute();
  expect(none).toHaveLength(0);
});
