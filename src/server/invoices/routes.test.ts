import { createTestDb, type TestDb } from '../testing/testDb';
import { startApiServer, type TestApiServer } from '../testing/apiServer';
import { pdfText } from '../testing/pdfText';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '../testing/orderFixtures';
import { stopBosses } from '../jobs/pgBossQueue';
import { fa3Errors } from './fa3Validate';

/** The invoice and receipt routes over HTTP: statuses, owner and staff scoping, the files themselves. */
let tdb: TestDb;
let api: TestApiServer;
jest.mock('../mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

beforeAll(async () => {
  tdb = await createTestDb({ seed: false });
  api = await startApiServer();
});
afterAll(async () => {
  // The staff status changes queue mail; on PostgreSQL that starts the queue's pg-boss instance.
  await stopBosses(1000);
  await api.close();
  await tdb.cleanup();
});

const buyer = { taxId: '5260250274', name: 'Zakład Usługowy Żuraw', address: { street: 'ul. Długa 1', postalCode: '31-146', city: 'Kraków', country: 'PL' } };

async function scenario(paid = true) {
  const labId = await createLab(tdb.db);
  await tdb.db
    .insertInto('laboratory_sellers')
    .values({ laboratory_id: labId, legal_name: 'Lab Test Sp. z o.o.', tax_id: '5250000015', street: 'ul. Marszałkowska 1', postal_code: '00-001', city: 'Warszawa', country: 'PL' })
    .execute();
  const owner = await createUser(tdb.db, { firstName: 'Анна', lastName: 'Nowak' });
  const other = await createUser(tdb.db);
  const staff = await createUser(tdb.db, { role: 'staff', staffLaboratoryId: labId });
  const p1 = await createPatient(tdb.db, owner.id, { firstName: 'Łucja', lastName: 'Żółć' });
  const glucose = await createAnalysis(tdb.db, { name: 'Glucose' });
  const slot = await createSlot(tdb.db, labId, 30);
  const order = await createOrder(tdb.db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: [{ patientId: p1, analysisId: glucose, priceMinor: 3490 }] });
  if (paid) {
    for (const status of ['visit_confirmed', 'sample_collected'] as const) {
      const r = await api.call('POST', `/api/backend/staff/orders/${order.id}/status`, { token: staff.token, body: { status } });
      expect(r.status).toBe(200);
    }
  }
  return { owner, other, staff, order };
}

const get = (path: string, token: string, lang = 'en') => fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}`, cookie: `lang=${lang}` } });

test('pay on visit, download the receipt, ask for an invoice, download both files', async () => {
  const s = await scenario();
  const base = `/api/backend/orders/${s.order.id}`;

  const receipt = await get(`${base}/receipt.pdf`, s.owner.token, 'ru');
  expect(receipt.status).toBe(200);
  expect(receipt.headers.get('content-type')).toBe('application/pdf');
  const receiptText = await pdfText(Buffer.from(await receipt.arrayBuffer()));
  expect(receiptText).toContain('Квитанция');
  expect(receiptText).toContain('Łucja Żółć');
  expect(receiptText).toContain('Glucose');
  expect(receiptText).toContain('5250000015');
  expect((await get(`${base}/receipt.pdf`, s.staff.token)).status).toBe(404);
  expect((await get(`${base}/receipt.pdf`, s.other.token)).status).toBe(404);

  const created = await api.call('POST', `${base}/invoice`, { token: s.owner.token, body: { buyer } });
  expect(created.status).toBe(201);
  expect(created.body).toEqual({ id: expect.any(Number), number: expect.stringMatching(/^FV\/\d{4}\/000001$/), issuedAt: expect.any(String) });
  const again = await api.call('POST', `${base}/invoice`, { token: s.owner.token, body: { buyer } });
  expect([again.status, again.body]).toEqual([200, created.body]);

  const xml = await get(`${base}/invoice.xml`, s.staff.token);
  expect(xml.status).toBe(200);
  const xmlText = await xml.text();
  expect(fa3Errors(xmlText)).toBeNull();
  expect(xmlText).toContain('<P_15>54.90</P_15>');
  const pdf = await get(`${base}/invoice.pdf`, s.owner.token, 'pl');
  expect(pdf.status).toBe(200);
  const pdfBody = await pdfText(Buffer.from(await pdf.arrayBuffer()));
  expect(pdfBody).toContain(`Faktura VAT ${created.body.number}`);
  expect(pdfBody).toContain('Zakład Usługowy Żuraw');
  expect(pdfBody).toContain('art. 43 ust. 1 pkt 18');
  expect((await get(`${base}/invoice.pdf`, s.other.token)).status).toBe(404);
  expect((await get(`${base}/invoice.xml`, s.other.token)).status).toBe(404);

  const list = await api.call('GET', `${base}/invoices`, { token: s.owner.token });
  expect(list.body).toEqual([
    { id: created.body.id, number: created.body.number, issuedAt: created.body.issuedAt, kind: 'VAT', total: 54.9, currency: 'PLN', pdfUrl: `${base}/invoice.pdf?document=${created.body.id}`, xmlUrl: `${base}/invoice.xml?document=${created.body.id}`, ksef: null },
  ]);
  expect((await get(list.body[0].xmlUrl, s.owner.token)).status).toBe(200);
  expect((await api.call('GET', `${base}/invoices`, { token: s.other.token })).status).toBe(404);
});

test('refusals: bad NIP 422 naming buyer.taxId, unpaid 409, foreign 404, no invoice yet 404', async () => {
  const s = await scenario(false);
  const base = `/api/backend/orders/${s.order.id}`;
  const bad = await api.call('POST', `${base}/invoice`, { token: s.owner.token, body: { buyer: { ...buyer, taxId: '1234567890' } } });
  expect(bad.status).toBe(422);
  expect(bad.body.fields).toEqual({ 'buyer.taxId': 'This is not a valid NIP (ten digits with a correct check digit)' });
  const long = await api.call('POST', `${base}/invoice`, { token: s.owner.token, body: { buyer: { ...buyer, address: { ...buyer.address, street: 's'.repeat(513) } } } });
  expect([long.status, Object.keys(long.body.fields)]).toEqual([422, ['buyer.address.street']]);
  const unpaid = await api.call('POST', `${base}/invoice`, { token: s.owner.token, body: { buyer } });
  expect([unpaid.status, unpaid.body.error]).toEqual([409, 'The order is not paid yet: an invoice can be asked for once it is paid']);
  expect((await api.call('POST', `${base}/invoice`, { token: s.other.token, body: { buyer } })).status).toBe(404);
  expect((await get(`${base}/invoice.pdf`, s.owner.token)).status).toBe(404);
  expect((await get(`${base}/receipt.pdf`, s.owner.token)).status).toBe(409);
  expect((await api.call('POST', `${base}/invoice`, { token: null, body: { buyer } })).status).toBe(401);
});
