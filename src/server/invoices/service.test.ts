import { createTestDb, type TestDb } from '../testing/testDb';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser, type FixtureUser } from '../testing/orderFixtures';
import type { AuthUser } from '../http/auth';
import { HttpError } from '../http/errors';
import * as fa3Validate from './fa3Validate';
import { fa3Errors } from './fa3Validate';
import { hashPassword } from '../passwords';
import { exportAccount } from '@/server/privacy/accountExport';
import { eraseAccount } from '@/server/privacy/accountErasure';
import { invoiceDeadline, issueCorrectionForRefund, listInvoices, readInvoice, requestInvoice } from './service';

// The schema check as it is, watched: the tests below see when it runs and can hold it.
jest.mock('./fa3Validate', () => {
  const actual = jest.requireActual<typeof fa3Validate>('./fa3Validate');
  return { ...actual, fa3SchemaErrors: jest.fn(actual.fa3SchemaErrors) };
});
const realCheck = jest.requireActual<typeof fa3Validate>('./fa3Validate').fa3SchemaErrors;

/** Invoices on request: who may ask, when, what is written, and a gap-free numbering under concurrency. */
let db: TestDb;

beforeAll(async () => {
  db = await createTestDb({ seed: false });
});
afterAll(async () => {
  await db.cleanup();
});

const asUser = (u: FixtureUser): AuthUser => ({ id: u.id, role: 'patient' }) as AuthUser;
const buyer = { taxId: '526-025-02-74', name: 'Kowalski i Wspólnicy Sp. j.', address: { street: 'ul. Prosta 5', postalCode: '00-850', city: 'Warszawa', country: 'PL' } };

async function seller(labId: string) {
  await db.db
    .insertInto('laboratory_sellers')
    .values({ laboratory_id: labId, legal_name: 'Lab Test Sp. z o.o.', tax_id: '5250000015', street: 'ul. Marszałkowska 1', postal_code: '00-001', city: 'Warszawa', country: 'PL' })
    .execute();
}

async function paidOrder(labId: string, owner: FixtureUser, opts: { paidAt?: string; analyses?: number; status?: 'sample_collected' | 'placed' | 'cancelled' } = {}) {
  const patientId = await createPatient(db.db, owner.id, { firstName: 'Łucja', lastName: 'Żółć' });
  const lines = [];
  for (let i = 0; i < (opts.analyses ?? 2); i++) lines.push({ patientId, analysisId: await createAnalysis(db.db, { name: `Test ${i}` }), priceMinor: 1999 + i });
  const slot = await createSlot(db.db, labId, 48, { capacity: 50 });
  const order = await createOrder(db.db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines });
  const status = opts.status ?? 'sample_collected';
  if (status !== 'placed') {
    await db.db.updateTable('orders').set({ status }).where('id', '=', order.id).execute();
    if (status === 'sample_collected') {
      await db.db.insertInto('order_status_events').values({ order_id: order.id, status, at: opts.paidAt ?? new Date().toISOString(), actor_user_id: null, note: '' }).execute();
    }
  }
  return order;
}

async function failure(p: Promise<unknown>): Promise<HttpError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

test('a paid order gets one invoice: 201 with its number, then the same invoice again', async () => {
  const labId = await createLab(db.db);
  await seller(labId);
  const owner = await createUser(db.db);
  const order = await paidOrder(labId, owner);

  const first = await requestInvoice(db.db, asUser(owner), order.id, { buyer });
  expect(first.created).toBe(true);
  expect(first.invoice.number).toMatch(/^FV\/\d{4}\/000001$/);
  const second = await requestInvoice(db.db, asUser(owner), order.id, { buyer: { ...buyer, name: 'Someone Else' } });
  expect(second).toEqual({ created: false, invoice: first.invoice });

  const row = await readInvoice(db.db, asUser(owner), order.id);
  expect(fa3Errors(row.xml)).toBeNull();
  expect(row.xml).toContain('<NIP>5260250274</NIP>');
  // Two analyses (19.99 + 20.00) and the visit fee of the fixture (20.00).
  expect(row.xml).toContain('<P_15>59.99</P_15>');
  expect(row.xml.match(/<FaWiersz>/g)).toHaveLength(3);
  expect(await listInvoices(db.db, asUser(owner), order.id)).toEqual([expect.objectContaining({ id: first.invoice.id, kind: 'VAT', total: 59.99 })]);
});

test('bad buyers are refused with 422 naming the field, and nothing is written', async () => {
  const labId = await createLab(db.db);
  await seller(labId);
  const owner = await createUser(db.db);
  const order = await paidOrder(labId, owner);
  const cases: [unknown, string][] = [
    [{ buyer: { ...buyer, taxId: '5260250275' } }, 'buyer.taxId'],
    [{ buyer: { ...buyer, taxId: '526025027' } }, 'buyer.taxId'],
    [{ buyer: { ...buyer, name: 'x'.repeat(513) } }, 'buyer.name'],
    [{ buyer: { ...buyer, name: 'ООО «Ромашка»' } }, 'buyer.name'],
    [{ buyer: { ...buyer, address: { ...buyer.address, city: 'y'.repeat(201) } } }, 'buyer.address.city'],
    [{ buyer: { ...buyer, address: { ...buyer.address, street: '' } } }, 'buyer.address.street'],
    [{}, 'buyer.taxId'],
  ];
  for (const [body, field] of cases) {
    const e = await failure(requestInvoice(db.db, asUser(owner), order.id, body));
    expect(e.status).toBe(422);
    expect(Object.keys(e.fields ?? {})).toContain(field);
  }
  expect(await listInvoices(db.db, asUser(owner), order.id)).toEqual([]);
});

test('unpaid, cancelled-unpaid and foreign orders, and laboratories without seller data, are refused', async () => {
  const labId = await createLab(db.db);
  await seller(labId);
  const owner = await createUser(db.db);
  const other = await createUser(db.db);
  const unpaid = await paidOrder(labId, owner, { status: 'placed' });
  const cancelled = await paidOrder(labId, owner, { status: 'cancelled' });
  const paid = await paidOrder(labId, owner);

  expect((await failure(requestInvoice(db.db, asUser(owner), unpaid.id, { buyer }))).status).toBe(409);
  expect((await failure(requestInvoice(db.db, asUser(owner), cancelled.id, { buyer }))).message).toMatch(/not paid/);
  expect((await failure(requestInvoice(db.db, asUser(other), paid.id, { buyer }))).status).toBe(404);
  expect((await failure(listInvoices(db.db, asUser(other), paid.id))).status).toBe(404);

  const noSellerLab = await createLab(db.db);
  const elsewhere = await paidOrder(noSellerLab, owner);
  const e = await failure(requestInvoice(db.db, asUser(owner), elsewhere.id, { buyer }));
  expect([e.status, e.message]).toEqual([409, 'This laboratory does not issue VAT invoices']);
});

test('the window closes after the 15th of the month after the payment', async () => {
  expect(invoiceDeadline('2026-01-31T22:30:00Z')).toBe('2026-02-15'); // 23:30 in Warsaw: still January
  expect(invoiceDeadline('2026-01-31T23:30:00Z')).toBe('2026-03-15'); // 00:30 on 1 February in Warsaw
  expect(invoiceDeadline('2026-12-03T10:00:00Z')).toBe('2027-01-15');
  const labId = await createLab(db.db);
  await seller(labId);
  const owner = await createUser(db.db);
  const order = await paidOrder(labId, owner, { paidAt: '2026-03-10T10:00:00Z' });
  const late = await failure(requestInvoice(db.db, asUser(owner), order.id, { buyer }, new Date('2026-04-16T08:00:00Z')));
  expect([late.status, late.message]).toEqual([409, expect.stringMatching(/15th of the month after the payment/)]);
  const inTime = await requestInvoice(db.db, asUser(owner), order.id, { buyer }, new Date('2026-04-15T20:00:00Z'));
  expect(inTime.invoice.number).toBe('FV/2026/000001');
});

test('20 requests at once for 20 orders of one seller get 20 consecutive numbers', async () => {
  const labId = await createLab(db.db);
  await seller(labId);
  const owner = await createUser(db.db);
  const ordersList = [];
  for (let i = 0; i < 20; i++) ordersList.push(await paidOrder(labId, owner, { analyses: 1 }));
  const answers = await Promise.all(ordersList.map((o) => requestInvoice(db.db, asUser(owner), o.id, { buyer })));
  const seqs = answers.map((a) => Number(a.invoice.number.slice(-6))).sort((a, b) => a - b);
  expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  expect(new Set(answers.map((a) => a.invoice.id)).size).toBe(20);
  // Each invoice is validated against the FA(3) schema inside its transaction: 20 in a row take a while on a busy machine.
}, 120_000);

test('the same order asked for 5 times at once gets one invoice', async () => {
  const labId = await createLab(db.db);
  await seller(labId);
  const owner = await createUser(db.db);
  const order = await paidOrder(labId, owner);
  const answers = await Promise.all(Array.from({ length: 5 }, () => requestInvoice(db.db, asUser(owner), order.id, { buyer })));
  expect(new Set(answers.map((a) => a.invoice.number)).size).toBe(1);
  expect(answers.filter((a) => a.created)).toHaveLength(1);
});

test('a refund after an invoice makes one valid correcting invoice referencing the original', async () => {
  const labId = await createLab(db.db);
  await seller(labId);
  const owner = await createUser(db.db);
  const order = await paidOrder(labId, owner);
  const vat = await requestInvoice(db.db, asUser(owner), order.id, { buyer });
  const analysisId = (await db.db.selectFrom('order_lines').select('analysis_id').where('order_id', '=', order.id).orderBy('id').executeTakeFirstOrThrow()).analysis_id;

  const kor = await issueCorrectionForRefund(db.db, order.id, { refundKey: 'refund-1', amountMinor: 1999, lines: [analysisId] });
  const again = await issueCorrectionForRefund(db.db, order.id, { refundKey: 'refund-1', amountMinor: 1999, lines: [analysisId] });
  expect(again).toEqual(kor);
  expect(kor?.number).toBe('FV/' + vat.invoice.number.slice(3, 7) + '/000002');

  const list = await listInvoices(db.db, asUser(owner), order.id);
  expect(list.map((d) => [d.kind, d.total])).toEqual([
    ['VAT', 59.99],
    ['KOR', -19.99],
  ]);
  const row = await readInvoice(db.db, asUser(owner), order.id, kor?.id);
  expect(fa3Errors(row.xml)).toBeNull();
  expect(row.xml).toContain(`<NrFaKorygowanej>${vat.invoice.number}</NrFaKorygowanej>`);
  expect(row.xml).toContain('<P_11>-19.99</P_11>');
});

test('the data export lists the invoice; erasing the account keeps it unchanged', async () => {
  const labId = await createLab(db.db);
  await seller(labId);
  const owner = await createUser(db.db);
  await db.db.updateTable('users').set({ password_hash: await hashPassword('Erase-Me-Passphrase-2026') }).where('id', '=', owner.id).execute();
  const order = await paidOrder(labId, owner);
  const vat = await requestInvoice(db.db, asUser(owner), order.id, { buyer });

  const exported = await exportAccount(db.db, owner.id);
  const inExport = exported.orders.find((o) => o.id === order.id)?.invoices;
  expect(inExport).toEqual([expect.objectContaining({ number: vat.invoice.number, kind: 'VAT', buyer: expect.objectContaining({ taxId: '5260250274' }) })]);

  const before = await db.db.selectFrom('invoices').selectAll().where('id', '=', vat.invoice.id).executeTakeFirstOrThrow();
  await eraseAccount(db.db, owner.id, 'Erase-Me-Passphrase-2026');
  const after = await db.db.selectFrom('invoices').selectAll().where('id', '=', vat.invoice.id).executeTakeFirstOrThrow();
  expect(after).toEqual(before);
});

/** An online payment of the whole order (59.99) with refunds in the given states. */
async function paidOnline(order: { id: number }, refunds: { amountMinor: number; status: 'pending' | 'done' | 'failed' }[], opts: { cancelled?: boolean } = {}) {
  const at = new Date().toISOString();
  const total = (await db.db.selectFrom('orders').select('total_minor').where('id', '=', order.id).executeTakeFirstOrThrow()).total_minor;
  const refunded = refunds.filter((r) => r.status === 'done').reduce((n, r) => n + r.amountMinor, 0);
  await db.db
    .updateTable('orders')
    .set({ payment_method: 'online', payment_status: refunded >= total ? 'refunded' : refunded ? 'partially_refunded' : 'paid', paid_minor: total, refunded_minor: refunded, paid_at: at, ...(opts.cancelled ? { status: 'cancelled' } : {}) })
    .where('id', '=', order.id)
    .execute();
  const attempt = await db.db
    .insertInto('payment_attempts')
    .values({ order_id: order.id, provider: 'test', session_id: `s-${order.id}-${Math.random()}`, amount_minor: total, currency: 'PLN', status: 'paid', provider_token: null, provider_order_id: null, paid_at: at, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, r] of refunds.entries()) {
    await db.db
      .insertInto('payment_refunds')
      .values({ order_id: order.id, attempt_id: attempt.id, request_id: `r-${order.id}-${i}`, refunds_uuid: `u-${order.id}-${i}-${Math.random()}`, amount_minor: r.amountMinor, currency: 'PLN', status: r.status, reason: 'test', actor_user_id: null, created_at: at, settled_at: r.status === 'done' ? at : null, updated_at: at })
      .execute();
  }
}

test('F2: no invoice for an order whose money was wholly refunded or is on its way back (409 order_refunded), and no number is taken', async () => {
  const labId = await createLab(db.db);
  await seller(labId);
  const owner = await createUser(db.db);
  const cancelledRefunded = await paidOrder(labId, owner, { status: 'cancelled' });
  await paidOnline(cancelledRefunded, [{ amountMinor: 5999, status: 'done' }], { cancelled: true });
  const refundedInTwo = await paidOrder(labId, owner);
  await paidOnline(refundedInTwo, [
    { amountMinor: 2000, status: 'done' },
    { amountMinor: 3999, status: 'done' },
  ]);
  const refundUnderWay = await paidOrder(labId, owner);
  await paidOnline(refundUnderWay, [{ amountMinor: 5999, status: 'pending' }]);

  for (const order of [cancelledRefunded, refundedInTwo, refundUnderWay]) {
    const e = await failure(requestInvoice(db.db, asUser(owner), order.id, { buyer }));
    expect([e.status, e.code, e.message]).toEqual([409, 'order_refunded', 'The money of this order was refunded: there is nothing to invoice']);
    expect(await listInvoices(db.db, asUser(owner), order.id)).toEqual([]);
  }
  const paid = await paidOrder(labId, owner);
  await paidOnline(paid, []);
  expect((await requestInvoice(db.db, asUser(owner), paid.id, { buyer })).invoice.number).toMatch(/\/000001$/);
});

test('F2: a partly refunded order gets the full sale and, in the same request, a correction down to what was kept', async () => {
  const labId = await createLab(db.db);
  await seller(labId);
  const owner = await createUser(db.db);
  const order = await paidOrder(labId, owner);
  await paidOnline(order, [
    { amountMinor: 1000, status: 'done' },
    { amountMinor: 500, status: 'failed' },
  ]);

  const vat = await requestInvoice(db.db, asUser(owner), order.id, { buyer });
  expect(vat.created).toBe(true);
  const list = await listInvoices(db.db, asUser(owner), order.id);
  expect(list.map((d) => [d.kind, d.total, d.number.slice(-6)])).toEqual([
    ['VAT', 59.99, '000001'],
    ['KOR', -10, '000002'],
  ]);
  const kor = await readInvoice(db.db, asUser(owner), order.id, list[1]?.id);
  expect(fa3Errors(kor.xml)).toBeNull();
  expect(kor.xml).toContain(`<NrFaKorygowanej>${vat.invoice.number}</NrFaKorygowanej>`);
  expect(kor.xml).toContain('<P_15>-10.00</P_15>');
  // The refund (the failed one does not count) is spread over the invoice's lines (19.99, 20.00 and the 20.00 visit), largest remainder first.
  expect([...kor.xml.matchAll(/<P_11>([^<]*)<\/P_11>/g)].map((m) => m[1])).toEqual(['-3.33', '-3.34', '-3.33']);
  // Asked again: the same invoice, no second correction.
  expect((await requestInvoice(db.db, asUser(owner), order.id, { buyer })).created).toBe(false);
  expect(await listInvoices(db.db, asUser(owner), order.id)).toHaveLength(2);
});

test('F6: every buyer field refuses each character XML 1.0 cannot carry, and line breaks, with a 422 naming the field; no number is taken', async () => {
  const labId = await createLab(db.db);
  await seller(labId);
  const owner = await createUser(db.db);
  const order = await paidOrder(labId, owner);
  const bad = ['\u0000', '\u0001', '\u0008', '\u000B', '\u000C', '\u001B[31m', '\u001F', '\u007F', '\uFFFE', '\uFFFF', '\uD800', '\uDFFF', 'a\uDC00b', '\n', '\r'];
  const fields: [string, (v: string) => unknown][] = [
    ['buyer.name', (v) => ({ buyer: { ...buyer, name: `ACME${v} Sp. z o.o.` } })],
    ['buyer.address.street', (v) => ({ buyer: { ...buyer, address: { ...buyer.address, street: `Prosta${v} 5` } } })],
    ['buyer.address.postalCode', (v) => ({ buyer: { ...buyer, address: { ...buyer.address, postalCode: `00${v}850` } } })],
    ['buyer.address.city', (v) => ({ buyer: { ...buyer, address: { ...buyer.address, city: `War${v}szawa` } } })],
  ];
  for (const [field, body] of fields) {
    for (const ch of bad) {
      const e = await failure(requestInvoice(db.db, asUser(owner), order.id, body(ch)));
      expect([field, JSON.stringify(ch), e.status, Object.keys(e.fields ?? {})]).toEqual([field, JSON.stringify(ch), 422, [field]]);
      expect(e.fields?.[field]).toBe(/[\r\n]/.test(ch) ? 'Write it on one line' : 'Remove the control or invisible characters');
    }
  }
  expect((await failure(requestInvoice(db.db, asUser(owner), order.id, { buyer: { ...buyer, taxId: '5260250274\u0001' } }))).fields).toEqual({ 'buyer.taxId': 'Remove the control or invisible characters' });
  // A pair of surrogates (an emoji) is a character XML carries.
  const ok = await requestInvoice(db.db, asUser(owner), order.id, { buyer: { ...buyer, name: 'ACME 🧪 Sp. z o.o.' } });
  expect(ok.invoice.number).toMatch(/\/000001$/);
  const row = await readInvoice(db.db, asUser(owner), order.id);
  expect(fa3Errors(row.xml)).toBeNull();
});

test('a document the FA(3) schema refuses is not issued (422 invoice_invalid) and takes no number: the series stays without a gap', async () => {
  const labId = await createLab(db.db);
  // A seller NIP the schema's pattern refuses (it may not start with 0).
  await db.db
    .insertInto('laboratory_sellers')
    .values({ laboratory_id: labId, legal_name: 'Lab Test Sp. z o.o.', tax_id: '0250000015', street: 'ul. Marszałkowska 1', postal_code: '00-001', city: 'Warszawa', country: 'PL' })
    .execute();
  const owner = await createUser(db.db);
  const first = await paidOrder(labId, owner);
  const e = await failure(requestInvoice(db.db, asUser(owner), first.id, { buyer }));
  expect([e.status, e.code]).toEqual([422, 'invoice_invalid']);
  expect(await listInvoices(db.db, asUser(owner), first.id)).toEqual([]);
  const counter = await db.db.selectFrom('invoice_counters').select('last_seq').where('laboratory_id', '=', labId).executeTakeFirst();
  expect(counter?.last_seq ?? 0).toBe(0);

  await db.db.updateTable('laboratory_sellers').set({ tax_id: '5250000015' }).where('laboratory_id', '=', labId).execute();
  const second = await paidOrder(labId, owner);
  expect((await requestInvoice(db.db, asUser(owner), second.id, { buyer })).invoice.number).toMatch(/\/000001$/);
  expect((await requestInvoice(db.db, asUser(owner), first.id, { buyer })).invoice.number).toMatch(/\/000002$/);
});

test('the FA(3) check runs before the write transaction: while it works, the order and the series stay writable; under the lock it is not run again', async () => {
  const labId = await createLab(db.db);
  await seller(labId);
  const owner = await createUser(db.db);
  const order = await paidOrder(labId, owner);
  const real = realCheck;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const inCheck = new Promise<void>((r) => (entered = r));
  const spy = jest.mocked(fa3Validate.fa3SchemaErrors);
  spy.mockClear();
  spy.mockImplementation(async (xml) => {
    entered();
    await gate;
    return real(xml);
  });
  try {
    const issuing = requestInvoice(db.db, asUser(owner), order.id, { buyer });
    await inCheck;
    // A write to the order row (locked by the invoice's transaction on PostgreSQL; the one connection held on SQLite) goes through at once.
    const write = db.db.updateTable('orders').set({ updated_at: new Date().toISOString() }).where('id', '=', order.id).execute().then(() => 'written');
    expect(await Promise.race([write, new Promise((r) => setTimeout(() => r('blocked'), 2000))])).toBe('written');
    release();
    expect((await issuing).invoice.number).toMatch(/\/000001$/);
    expect(spy).toHaveBeenCalledTimes(1);
  } finally {
    release();
    spy.mockImplementation(real);
  }
});

test('another invoice of the seller taking the number between the check and the lock: the document is checked again with the next number, the series stays gap-free', async () => {
  const labId = await createLab(db.db);
  await seller(labId);
  const owner = await createUser(db.db);
  const [a, b] = [await paidOrder(labId, owner), await paidOrder(labId, owner)];
  const real = realCheck;
  let first = true;
  const spy = jest.mocked(fa3Validate.fa3SchemaErrors);
  spy.mockImplementation(async (xml) => {
    if (first) {
      first = false;
      // Order b's invoice is issued while a's document is being checked with number 1.
      spy.mockImplementation(real);
      await requestInvoice(db.db, asUser(owner), b.id, { buyer });
    }
    return real(xml);
  });
  try {
    const issued = await requestInvoice(db.db, asUser(owner), a.id, { buyer });
    expect(issued.invoice.number).toMatch(/\/000002$/);
    const row = await readInvoice(db.db, asUser(owner), a.id);
    expect(row.xml).toContain(`<P_2>${issued.invoice.number}</P_2>`);
    expect(fa3Errors(row.xml)).toBeNull();
    expect((await readInvoice(db.db, asUser(owner), b.id)).number).toMatch(/\/000001$/);
  } finally {
    spy.mockImplementation(real);
  }
});
