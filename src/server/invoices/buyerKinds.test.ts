import { setUpApiSuite } from '@/server/testing/shopSuite';
import { pdfText } from '@/server/testing/pdfText';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';
import { stopBosses } from '@/server/jobs/pgBossQueue';
import { fa3Errors } from './fa3Validate';
import { issueCorrectionForRefund } from './service';

/**
 * Who an invoice is for and what it says about the sale, over HTTP (SQLite, and PostgreSQL with
 * DATABASE_URL=postgres://...): a private person on their own name without a NIP (FA(3) `BrakID`),
 * the buyer's postal code in its country's written form and the country named in the PDF's
 * language, the payment (means and date) on the PDF, and the date of service (`P_6`) being the day
 * the samples were collected on the laboratory's clock, not the day of issue or of payment.
 */
const suite = setUpApiSuite();
jest.mock('../mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));
afterAll(async () => {
  // The staff status changes queue mail; on PostgreSQL that starts the queue's pg-boss instance.
  await stopBosses(1000);
});

const DAY = 86_400_000;
/** YYYY-MM-DD of an instant in Warsaw (the demo laboratories' zone). */
const warsawDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
/** A day as the PDF writes it in `locale` ("12 March 2026", "12 marca 2026"). */
const pdfDay = (day: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Warsaw' }).format(new Date(`${day}T12:00:00Z`));

/**
 * The samples were collected two days ago at 23:30 UTC, which is already the next day in Warsaw
 * (so the date of service is yesterday on the laboratory's clock, neither the UTC date nor today).
 */
const collectedAt = () => {
  const twoDaysAgo = new Date(Date.now() - 2 * DAY);
  return new Date(`${twoDaysAgo.toISOString().slice(0, 10)}T23:30:00.000Z`);
};

/**
 * An order of a laboratory that issues invoices, visited by its nurse. `paid`: `card` — the nurse
 * takes the payment by card now, after the collection was recorded; `online` — paid online three
 * days ago, ahead of the visit.
 */
async function visitedOrder(paid: 'card' | 'online') {
  const db = suite.db.db;
  const labId = await createLab(db);
  await db
    .insertInto('laboratory_sellers')
    .values({ laboratory_id: labId, legal_name: 'Lab Test Sp. z o.o.', tax_id: '5250000015', street: 'ul. Marszałkowska 1', postal_code: '00-001', city: 'Warszawa', country: 'PL' })
    .execute();
  const owner = await createUser(db, { firstName: 'Anna', lastName: 'Kowalska' });
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: labId });
  const nurse = await createUser(db, { role: 'staff', staffLaboratoryId: labId, staffRole: 'nurse' });
  const patient = await createPatient(db, owner.id, { firstName: 'Anna', lastName: 'Kowalska' });
  const analysis = await createAnalysis(db, { name: 'Ferritin' });
  const slot = await createSlot(db, labId, 30);
  const order = await createOrder(db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: [{ patientId: patient, analysisId: analysis, priceMinor: 3490 }] });
  const paidOnlineAt = new Date(Date.now() - 3 * DAY);
  if (paid === 'online') {
    await db.updateTable('orders').set({ payment_method: 'online', payment_status: 'paid', paid_at: paidOnlineAt.toISOString(), paid_minor: 5490 }).where('id', '=', order.id).execute();
  }
  expect((await suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/nurse`, { token: staff.token, body: { nurseUserId: nurse.id } })).status).toBe(200);
  for (const status of ['visit_confirmed', 'sample_collected'] as const) {
    const r = await suite.api.call('POST', `/api/backend/staff/orders/${order.id}/status`, { token: staff.token, body: { status } });
    expect(r.status).toBe(200);
  }
  // The collection as recorded: its time is the one the visit (and the order's status) carries.
  const at = collectedAt().toISOString();
  await db.updateTable('order_status_events').set({ at }).where('order_id', '=', order.id).where('status', '=', 'sample_collected').execute();
  await db.updateTable('visit_events').set({ at }).where('order_id', '=', order.id).where('state', '=', 'collected').execute();
  if (paid === 'card') {
    const r = await suite.api.call('POST', `/api/backend/staff/visits/${order.id}/payment`, { token: nurse.token, body: { method: 'card' } });
    expect(r.status).toBe(200);
  }
  return { owner, staff, order, base: `/api/backend/orders/${order.id}`, paidOn: paid === 'online' ? warsawDay(paidOnlineAt) : warsawDay(new Date()) };
}

const file = async (path: string, token: string, lang = 'en') => {
  const res = await fetch(`${suite.api.url}${path}`, { headers: { authorization: `Bearer ${token}`, cookie: `lang=${lang}` } });
  expect(res.status).toBe(200);
  return res;
};
const pdfOf = async (path: string, token: string, lang: string) => pdfText(Buffer.from(await (await file(path, token, lang)).arrayBuffer()));
/** The text of the first `tag` inside `section` of the XML. */
const inside = (xml: string, section: string, tag: string) => new RegExp(`<${section}>[\\s\\S]*?<${tag}>([^<]*)</${tag}>[\\s\\S]*?</${section}>`).exec(xml)?.[1];

test('a private person gets an invoice on their own name: BrakID instead of a NIP, valid FA(3), the Belarusian postal code formatted, the country named, card payment and the collection day', async () => {
  const s = await visitedOrder('card');
  const person = { kind: 'person', name: 'Anna Kowalska', address: { street: 'vul. Lenina 5, kv. 12', postalCode: ' 220 005 ', city: 'Minsk', country: 'by' } };
  const created = await suite.api.call('POST', `${s.base}/invoice`, { token: s.owner.token, body: { buyer: person } });
  expect(created.status).toBe(201);
  expect(created.body.number).toMatch(/^FV\/\d{4}\/000001$/);

  const xml = await (await file(`${s.base}/invoice.xml`, s.owner.token)).text();
  expect(fa3Errors(xml)).toBeNull();
  const buyer = /<Podmiot2>[\s\S]*<\/Podmiot2>/.exec(xml)?.[0] ?? '';
  expect(buyer).toContain('<BrakID>1</BrakID>');
  expect(buyer).not.toContain('<NIP>');
  expect(inside(xml, 'Podmiot2', 'Nazwa')).toBe('Anna Kowalska');
  expect(inside(xml, 'Podmiot2', 'KodKraju')).toBe('BY');
  expect(inside(xml, 'Podmiot2', 'AdresL1')).toBe('vul. Lenina 5, kv. 12');
  expect(inside(xml, 'Podmiot2', 'AdresL2')).toBe('220005 Minsk');
  // The date of service is the collection day in Warsaw: yesterday, not the UTC date and not today (issue and payment).
  const collectionDay = warsawDay(collectedAt());
  expect(collectionDay).not.toBe(collectedAt().toISOString().slice(0, 10));
  expect(inside(xml, 'Fa', 'P_6')).toBe(collectionDay);
  expect(inside(xml, 'Fa', 'P_1')).toBe(warsawDay(new Date()));
  // Paid by card to the nurse (FormaPlatnosci 2), today.
  expect(inside(xml, 'Platnosc', 'DataZaplaty')).toBe(s.paidOn);
  expect(inside(xml, 'Platnosc', 'FormaPlatnosci')).toBe('2');

  const en = await pdfOf(`${s.base}/invoice.pdf`, s.owner.token, 'en');
  expect(en).toContain('Anna Kowalska');
  expect(en).toContain('220005 Minsk');
  expect(en).toContain('Belarus');
  expect(en).toContain('Private person (no tax number)');
  expect(en).toContain(`Date of service: ${pdfDay(collectionDay, 'en-GB')}`);
  expect(en).toContain(`Payment: card, paid on ${pdfDay(s.paidOn, 'en-GB')}`);
  const pl = await pdfOf(`${s.base}/invoice.pdf`, s.owner.token, 'pl');
  expect(pl).toContain('Białoruś');
  expect(pl).toContain(`Płatność: karta, zapłacono ${pdfDay(s.paidOn, 'pl-PL')}`);
  expect(pl).toContain(`Data wykonania usługi: ${pdfDay(collectionDay, 'pl-PL')}`);
  const ru = await pdfOf(`${s.base}/invoice.pdf`, s.owner.token, 'ru');
  expect(ru).toContain('Беларусь');
  expect(ru).toContain('Оплата: картой');

  // A refund afterwards: the correction keeps the person without a NIP and the date of service, and is valid.
  const correction = await issueCorrectionForRefund(suite.db.db, s.order.id, { refundKey: `test-refund-${s.order.id}`, amountMinor: 1000 });
  expect(correction?.number).toMatch(/^FV\/\d{4}\/000002$/);
  const list = await suite.api.call('GET', `${s.base}/invoices`, { token: s.owner.token });
  const kor = (list.body as { kind: string; xmlUrl: string; pdfUrl: string }[]).find((d) => d.kind === 'KOR');
  const korXml = await (await file(kor?.xmlUrl ?? '', s.owner.token)).text();
  expect(fa3Errors(korXml)).toBeNull();
  expect(korXml).toContain('<BrakID>1</BrakID>');
  expect(inside(korXml, 'Fa', 'P_6')).toBe(collectionDay);
  expect(await pdfOf(kor?.pdfUrl ?? '', s.owner.token, 'en')).toContain('Private person (no tax number)');
});

test('a company as before (no kind, with its NIP): the Polish postal code written 00-950, Poland named, paid online days before the collection', async () => {
  const s = await visitedOrder('online');
  const company = { taxId: 'PL 526-025-02-74', name: 'Przychodnia Zdrowie sp. z o.o.', address: { street: 'ul. Prosta 5', postalCode: '00950', city: 'Warszawa', country: 'PL' } };
  const created = await suite.api.call('POST', `${s.base}/invoice`, { token: s.owner.token, body: { buyer: company } });
  expect(created.status).toBe(201);

  const xml = await (await file(`${s.base}/invoice.xml`, s.staff.token)).text();
  expect(fa3Errors(xml)).toBeNull();
  expect(inside(xml, 'Podmiot2', 'NIP')).toBe('5260250274');
  expect(xml).not.toContain('BrakID');
  expect(inside(xml, 'Podmiot2', 'AdresL2')).toBe('00-950 Warszawa');
  expect(inside(xml, 'Podmiot2', 'KodKraju')).toBe('PL');
  // Paid three days ago, collected later: the date of service is the collection's, the payment keeps its own date.
  expect(inside(xml, 'Fa', 'P_6')).toBe(warsawDay(collectedAt()));
  expect(inside(xml, 'Platnosc', 'DataZaplaty')).toBe(s.paidOn);
  expect(inside(xml, 'Platnosc', 'FormaPlatnosci')).toBe('6');

  const en = await pdfOf(`${s.base}/invoice.pdf`, s.owner.token, 'en');
  expect(en).toContain('00-950 Warszawa');
  expect(en).toContain('Poland');
  expect(en).toContain('Tax id (NIP): 5260250274');
  expect(en).toContain(`Payment: online, paid on ${pdfDay(s.paidOn, 'en-GB')}`);
  expect(en).toContain(`Date of service: ${pdfDay(warsawDay(collectedAt()), 'en-GB')}`);
  const ru = await pdfOf(`${s.base}/invoice.pdf`, s.owner.token, 'ru');
  expect(ru).toContain('Польша');
});

test('buyer refusals name the field: a NIP for a private person, postal codes of the wrong form, a company outside the Union, an unknown kind', async () => {
  const s = await visitedOrder('card');
  const address = { street: 'ul. Prosta 5', postalCode: '00-950', city: 'Warszawa', country: 'PL' };
  const cases: [unknown, string, string][] = [
    [{ kind: 'person', taxId: '5260250274', name: 'Anna Kowalska', address }, 'buyer.taxId', 'A private person gets the invoice without a tax number'],
    [{ kind: 'person', name: 'Anna Kowalska', address: { ...address, postalCode: '0950' } }, 'buyer.address.postalCode', 'Enter a Polish postal code like 00-950'],
    [{ kind: 'person', name: 'Anna Kowalska', address: { ...address, country: 'BY', postalCode: '22005' } }, 'buyer.address.postalCode', 'Enter a Belarusian postal code of six digits like 220005'],
    [{ kind: 'person', name: ' ', address }, 'buyer.name', 'Enter the buyer’s name'],
    [{ kind: 'person', name: 'Anna Kowalska', address: { ...address, country: 'ZZ' } }, 'buyer.address.country', 'Choose the country of the address'],
    [{ taxId: '5260250274', name: 'Firma', address: { ...address, country: 'BY', postalCode: '220005' } }, 'buyer.address.country', 'Choose a country of the European Union'],
    [{ kind: 'someone', name: 'Firma', taxId: '5260250274', address }, 'buyer.kind', 'Choose a company or a private person'],
    [{ name: 'Anna Kowalska', address }, 'buyer.taxId', 'Enter the tax number (NIP)'],
  ];
  for (const [buyer, field, message] of cases) {
    const r = await suite.api.call('POST', `${s.base}/invoice`, { token: s.owner.token, body: { buyer } });
    expect([r.status, r.body.code, r.body.fields?.[field]]).toEqual([422, 'validation_failed', message]);
  }
  expect((await suite.api.call('GET', `${s.base}/invoices`, { token: s.owner.token })).body).toEqual([]);
});
