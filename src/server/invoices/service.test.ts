import { createTestDb, type TestDb } from '../testing/testDb';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser, type FixtureUser } from '../testing/orderFixtures';
import type { AuthUser } from '../http/auth';
import { HttpError } from '../http/errors';
import { fa3Errors } from './fa3Validate';
import { hashPassword } from '../passwords';
import { exportAccount } from '@/server/accounts/accountExport';
import { eraseAccount } from '@/server/accounts/accountErasure';
import { invoiceDeadline, issueCorrectionForRefund, listInvoices, readInvoice, requestInvoice } from './service';

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
});

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
