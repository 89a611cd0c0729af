import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser, type FixtureUser } from '@/server/testing/orderFixtures';
import type { AuthUser } from '@/server/http/auth';
import { requestInvoice } from '@/server/invoices/service';
import type { MoneyDayDto } from '@/shared/types/money';

/** The staff money page's API: a day's money per payment method, the anomalies with their orders, the CSV; laboratory staff only. */
const suite = setUpApiSuite();
const DAY = '2026-11-20';
const at = (clock: string) => `${DAY}T${clock}.000Z`;
const buyer = { taxId: '5260250274', name: 'Firma Sp. z o.o.', address: { street: 'ul. Prosta 5', postalCode: '00-850', city: 'Warszawa', country: 'PL' } };

async function order(labId: string, owner: FixtureUser, priceMinor: number) {
  const { db } = suite.db;
  const patientId = await createPatient(db, owner.id);
  const slot = await createSlot(db, labId, 24, { capacity: 20 });
  return createOrder(db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: [{ patientId, analysisId: await createAnalysis(db), priceMinor }] });
}

async function payOnline(orderId: number, paidAt: string) {
  const { db } = suite.db;
  const o = await db.selectFrom('orders').select('total_minor').where('id', '=', orderId).executeTakeFirstOrThrow();
  await db.updateTable('orders').set({ payment_method: 'online', payment_status: 'paid', paid_minor: o.total_minor, paid_at: paidAt }).where('id', '=', orderId).execute();
  return (
    await db
      .insertInto('payment_attempts')
      .values({ order_id: orderId, provider: 'test', session_id: `s-${orderId}-${paidAt}`, amount_minor: o.total_minor, currency: 'PLN', status: 'paid', provider_token: null, provider_order_id: null, paid_at: paidAt, created_at: paidAt, updated_at: paidAt })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** A staff partial refund (the order owes that much less). */
async function refund(orderId: number, attemptId: number, amountMinor: number, createdAt: string, settledAt: string | null) {
  await suite.db.db
    .insertInto('payment_refunds')
    .values({ order_id: orderId, attempt_id: attemptId, request_id: `r-${orderId}-${createdAt}`, refunds_uuid: `u-${orderId}-${createdAt}`, amount_minor: amountMinor, currency: 'PLN', status: settledAt ? 'done' : 'pending', kind: 'staff', reason: 'test', actor_user_id: null, created_at: createdAt, settled_at: settledAt, updated_at: settledAt ?? createdAt })
    .execute();
}

test('a day per payment method, the anomalies each with its order, the CSV; nurses, patients and bad dates refused', async () => {
  const { db } = suite.db;
  const labId = await createLab(db);
  await db
    .insertInto('laboratory_sellers')
    .values({ laboratory_id: labId, legal_name: 'Lab Test Sp. z o.o.', tax_id: '5250000015', street: 'ul. Marszałkowska 1', postal_code: '00-001', city: 'Warszawa', country: 'PL' })
    .execute();
  const owner = await createUser(db);
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: labId });
  const nurse = await createUser(db, { role: 'staff', staffLaboratoryId: labId, staffRole: 'nurse' });

  // A: paid online that day (39.99 + the 20.00 visit), invoiced, then 10.00 refunded without a correction: documents 59.99, kept 49.99.
  const a = await order(labId, owner, 3999);
  const attemptA = await payOnline(a.id, at('09:00:00'));
  await requestInvoice(db, { id: owner.id, role: 'patient' } as AuthUser, a.id, { buyer }, new Date(at('09:30:00')));
  await refund(a.id, attemptA, 1000, at('10:00:00'), at('11:00:00'));
  // B: paid to the nurse at the visit that day (10.00 + 20.00).
  const b = await order(labId, owner, 1000);
  await db.updateTable('orders').set({ status: 'sample_collected' }).where('id', '=', b.id).execute();
  await db.insertInto('order_status_events').values({ order_id: b.id, status: 'sample_collected', at: at('12:00:00'), actor_user_id: null, note: '' }).execute();
  // C: paid online the day before; a refund of 5.00 asked for two days before "now" and never settled.
  const c = await order(labId, owner, 1500);
  const attemptC = await payOnline(c.id, '2026-11-19T09:00:00.000Z');
  await refund(c.id, attemptC, 500, '2026-11-19T10:00:00.000Z', null);
  // Another laboratory's money does not show.
  const elsewhere = await order(await createLab(db), owner, 9999);
  await payOnline(elsewhere.id, at('09:00:00'));

  const res = await suite.api.call('GET', `/api/backend/staff/money?date=${DAY}`, { token: staff.token });
  expect(res.status).toBe(200);
  const day = res.body as MoneyDayDto;
  expect(day.methods).toEqual([
    { method: 'online', paid: 59.99, refunded: 10, kept: 49.99, pendingRefunds: 5 },
    { method: 'on_visit', paid: 30, refunded: 0, kept: 30, pendingRefunds: 0 },
  ]);
  expect(day.anomalies).toEqual([
    { kind: 'document_total', orderId: a.id, orderNumber: a.number, amount: 59.99, expected: 49.99, since: null },
    { kind: 'refund_pending', orderId: c.id, orderNumber: c.number, amount: 5, expected: null, since: '2026-11-19T10:00:00.000Z' },
  ]);
  expect((await suite.api.call('GET', '/api/backend/staff/money?date=2026-11-18', { token: staff.token })).body.methods[0]).toEqual({ method: 'online', paid: 0, refunded: 0, kept: 0, pendingRefunds: 0 });

  const csv = await fetch(`${suite.api.url}/api/backend/staff/money.csv?date=${DAY}`, { headers: { authorization: `Bearer ${staff.token}` } });
  expect([csv.status, csv.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
  expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="money-${labId}-${DAY}.csv"`);
  const lines = (await csv.text()).trim().split('\r\n');
  expect(lines.slice(0, 4)).toEqual([
    'date,time,method,order,kind,amount,currency',
    `${DAY},${at('09:00:00')},online,${a.number},payment,59.99,PLN`,
    `${DAY},${at('11:00:00')},online,${a.number},refund,-10.00,PLN`,
    `${DAY},${at('12:00:00')},on_visit,${b.number},payment,30.00,PLN`,
  ]);
  expect(lines).toContain(`${DAY},,online,,kept,49.99,PLN`);

  expect((await suite.api.call('GET', `/api/backend/staff/money?date=${DAY}`, { token: nurse.token })).status).toBe(403);
  expect((await suite.api.call('GET', `/api/backend/staff/money?date=${DAY}`, { token: owner.token })).status).toBe(403);
  const bad = await suite.api.call('GET', '/api/backend/staff/money?date=20-11-2026', { token: staff.token });
  expect([bad.status, Object.keys(bad.body.fields ?? {})]).toEqual([400, ['date']]);
});

test('the money invariant broken and an invoice rejected by KSeF show as anomalies, each with its order; money that adds up does not', async () => {
  const { db } = suite.db;
  const labId = await createLab(db);
  await db
    .insertInto('laboratory_sellers')
    .values({ laboratory_id: labId, legal_name: 'Lab Test Sp. z o.o.', tax_id: '5250000015', street: 'ul. Marszałkowska 1', postal_code: '00-001', city: 'Warszawa', country: 'PL' })
    .execute();
  const owner = await createUser(db);
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: labId });

  // Paid twice (two attempts of one order) and nothing going back: keeps 60.00, owes 30.00.
  const twice = await order(labId, owner, 1000);
  await payOnline(twice.id, at('08:00:00'));
  await payOnline(twice.id, at('08:05:00'));
  // Paid twice, the second already on its way back (an overpaid refund asked for an hour ago): adds up.
  const recent = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  const back = await order(labId, owner, 1000);
  const second = (await payOnline(back.id, at('08:00:00')), await payOnline(back.id, at('08:06:00')));
  await db
    .insertInto('payment_refunds')
    .values({ order_id: back.id, attempt_id: second, request_id: `r-back-${back.id}`, refunds_uuid: `u-back-${back.id}`, amount_minor: 3000, currency: 'PLN', status: 'pending', kind: 'overpaid', reason: 'Paid twice', actor_user_id: null, created_at: recent, settled_at: null, updated_at: recent })
    .execute();
  // Cancelled and refunded in full: owes 0, keeps 0.
  const cancelled = await order(labId, owner, 1000);
  const attempt = await payOnline(cancelled.id, at('08:00:00'));
  await db.updateTable('orders').set({ status: 'cancelled', payment_status: 'refunded' }).where('id', '=', cancelled.id).execute();
  await db
    .insertInto('payment_refunds')
    .values({ order_id: cancelled.id, attempt_id: attempt, request_id: `r-c-${cancelled.id}`, refunds_uuid: `u-c-${cancelled.id}`, amount_minor: 3000, currency: 'PLN', status: 'done', kind: 'cancel', reason: 'Cancelled', actor_user_id: null, created_at: at('08:10:00'), settled_at: at('08:20:00'), updated_at: at('08:20:00') })
    .execute();
  // Cancelled without its money going back: keeps 30.00, owes 0.
  const kept = await order(labId, owner, 1000);
  await payOnline(kept.id, at('08:00:00'));
  await db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', kept.id).execute();
  // Invoiced; KSeF rejected the invoice.
  const rejected = await order(labId, owner, 2500);
  await payOnline(rejected.id, at('09:00:00'));
  const invoice = await requestInvoice(db, { id: owner.id, role: 'patient' } as AuthUser, rejected.id, { buyer }, new Date(at('09:30:00')));
  await db
    .updateTable('invoices')
    .set({ ksef_status: 'rejected', ksef_sent_at: at('09:31:00'), ksef_rejection_reason: '450 Błąd weryfikacji semantyki dokumentu faktury' })
    .where('id', '=', invoice.invoice.id)
    .execute();

  const res = await suite.api.call('GET', `/api/backend/staff/money?date=${DAY}`, { token: staff.token });
  expect(res.status).toBe(200);
  const day = res.body as MoneyDayDto;
  expect(day.anomalies).toEqual([
    { kind: 'invariant', orderId: twice.id, orderNumber: twice.number, amount: 60, expected: 30, since: null },
    { kind: 'invariant', orderId: kept.id, orderNumber: kept.number, amount: 30, expected: 0, since: null },
    {
      kind: 'ksef_rejected',
      orderId: rejected.id,
      orderNumber: rejected.number,
      amount: 45,
      expected: null,
      since: at('09:31:00'),
      document: invoice.invoice.number,
      reason: '450 Błąd weryfikacji semantyki dokumentu faktury',
    },
  ]);
});
