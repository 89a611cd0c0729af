import crypto from 'node:crypto';
import { createTestDb, type TestDb } from '../../testing/testDb';
import { pdfText } from '../../testing/pdfText';
import { pdfQrCode } from '../../testing/pdfQr';
import { startApiServer, type TestApiServer } from '../../testing/apiServer';
import { startFakeKsef, type FakeKsef } from '../../testing/fakeKsef';
import { makeJobsDue } from '../../testing/jobs';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '../../testing/orderFixtures';
import { stopBosses } from '../../jobs/pgBossQueue';
import { listJobsByKey } from '../../jobs/queue';
import { runJobsOnce } from '@/server/jobList';
import { getConfig, setConfigForTests } from '../../config';
import { forgetKsefTokens, KsefClient } from './client';
import { sendInvoiceToKsef } from './send';
import { issueCorrectionForRefund } from '../service';
import { isValidKsefNumber } from './number';
import { sha256Base64 } from './crypto';
import { upoErrors } from './upoValidate';
import { fa3Errors } from '../fa3Validate';

/**
 * Invoices reach KSeF: issued -> the ksef-send job -> the fake KSeF (real encryption, FA(3) XSD,
 * official number format) -> number and UPO stored and shown; a rejection, a 429 with Retry-After
 * and an outage, on the database of the run (SQLite or PostgreSQL).
 */
let tdb: TestDb;
let api: TestApiServer;
let fake: FakeKsef;
jest.mock('../../mail/mailer', () => ({ ...jest.requireActual<object>('../../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

const SELLER_NIP = '5250000015';
const TOKEN = 'KSEF-TOKEN-20260101-ABCDEF';

beforeAll(async () => {
  tdb = await createTestDb({ seed: false });
  api = await startApiServer();
  fake = await startFakeKsef({ tokens: { [TOKEN]: SELLER_NIP } });
  setConfigForTests({ ...getConfig(), ksef: { env: 'test', baseUrl: fake.baseUrl, token: TOKEN, nip: SELLER_NIP, publicKeyPem: null } });
});
afterAll(async () => {
  forgetKsefTokens();
  await stopBosses(1000);
  await fake.close();
  await api.close();
  await tdb.cleanup();
  setConfigForTests();
});
beforeEach(() => {
  fake.unavailable = false;
  fake.tooMany = null;
  fake.rejectBuyerNips.clear();
});

const buyer = { taxId: '5260250274', name: 'Zakład Usługowy Żuraw', address: { street: 'ul. Długa 1', postalCode: '31-146', city: 'Kraków', country: 'PL' } };

let made = 0;

/**
 * A paid order of a laboratory selling as SELLER_NIP (the KSeF context's own NIP). Each laboratory
 * numbers its own series, so every order is priced apart: two invoices issued in the same second would
 * otherwise be the same document, byte for byte, which KSeF answers as a duplicate (440).
 */
async function paidOrder() {
  const labId = await createLab(tdb.db);
  await tdb.db
    .insertInto('laboratory_sellers')
    .values({ laboratory_id: labId, legal_name: 'Lab Test Sp. z o.o.', tax_id: SELLER_NIP, street: 'ul. Marszałkowska 1', postal_code: '00-001', city: 'Warszawa', country: 'PL' })
    .execute();
  const owner = await createUser(tdb.db);
  const other = await createUser(tdb.db);
  const staff = await createUser(tdb.db, { role: 'staff', staffLaboratoryId: labId });
  const patient = await createPatient(tdb.db, owner.id, { firstName: 'Łucja', lastName: 'Żółć' });
  const analysis = await createAnalysis(tdb.db, { name: 'Glucose' });
  const slot = await createSlot(tdb.db, labId, 30);
  const order = await createOrder(tdb.db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: [{ patientId: patient, analysisId: analysis, priceMinor: 3490 + made++ }] });
  for (const status of ['visit_confirmed', 'sample_collected'] as const) {
    expect((await api.call('POST', `/api/backend/staff/orders/${order.id}/status`, { token: staff.token, body: { status } })).status).toBe(200);
  }
  const base = `/api/backend/orders/${order.id}`;
  return { owner, other, staff, order, base };
}

/** Asks for the invoice; the request's jobs (ksef-send among them) run unless `settle` is false. */
async function issue(s: Awaited<ReturnType<typeof paidOrder>>, settle = true) {
  const created = await api.call('POST', `${s.base}/invoice`, { token: s.owner.token, body: { buyer }, settle });
  expect(created.status).toBe(201);
  return created.body as { id: number; number: string };
}

async function listed(s: Awaited<ReturnType<typeof paidOrder>>) {
  const list = await api.call('GET', `${s.base}/invoices`, { token: s.owner.token });
  expect(list.status).toBe(200);
  return list.body[0] as { number: string; ksef: { status: string; number: string | null; upoUrl: string | null; rejectionReason: string | null } };
}

const get = (path: string, token: string) => fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
const row = (id: number) => tdb.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

test('round trip: issued -> sent encrypted -> accepted with a KSeF number and a UPO valid against upo-v4-3.xsd', async () => {
  const s = await paidOrder();
  const invoice = await issue(s);

  const item = await listed(s);
  expect(item.ksef).toEqual({ status: 'accepted', number: expect.any(String), upoUrl: `${s.base}/invoice.upo.xml?document=${invoice.id}`, rejectionReason: null });
  const number = item.ksef.number as string;
  expect(isValidKsefNumber(number)).toBe(true);
  expect(number.startsWith(`${SELLER_NIP}-`)).toBe(true);

  // KSeF decrypted exactly the stored XML.
  const stored = await row(invoice.id);
  expect(fake.accepted.get(number)).toBe(stored.xml);
  expect(stored.ksef_session_reference).toMatch(/^\d{8}-SO-[0-9A-F]{10}-[0-9A-F]{10}-[0-9A-F]{2}$/);

  const upo = await get(item.ksef.upoUrl as string, s.owner.token);
  expect(upo.status).toBe(200);
  expect(upo.headers.get('content-type')).toContain('application/xml');
  const upoXml = await upo.text();
  expect(upoErrors(upoXml)).toBeNull();
  expect(upoXml).toContain(`<NumerKSeFDokumentu>${number}</NumerKSeFDokumentu>`);
  expect(upoXml).toContain(`<NumerFaktury>${invoice.number}</NumerFaktury>`);
  expect(upoXml).toContain(`<SkrotDokumentu>${sha256Base64(Buffer.from(stored.xml, 'utf8'))}</SkrotDokumentu>`);
  expect((await get(item.ksef.upoUrl as string, s.staff.token)).status).toBe(200);
  expect((await get(item.ksef.upoUrl as string, s.other.token)).status).toBe(404);

  // The whole dialogue, in order, and the session closed.
  const paths = fake.requests.map((r) => `${r.method} ${r.path.replace(/\/\d{8}-[A-Z]{2}-[0-9A-F-]+/g, '/{ref}')}`);
  expect([...new Set(paths)]).toEqual([
    'GET /security/public-key-certificates',
    'POST /auth/challenge',
    'POST /auth/ksef-token',
    'GET /auth/{ref}',
    'POST /auth/token/redeem',
    'POST /sessions/online',
    'POST /sessions/online/{ref}/invoices',
    'GET /sessions/{ref}/invoices/{ref}',
    'GET /sessions/{ref}/invoices/{ref}/upo',
    'POST /sessions/online/{ref}/close',
  ]);
  expect(fake.sessions.get(stored.ksef_session_reference as string)?.open).toBe(false);

  // A second invoice later: the access token is refreshed, not a new authentication.
  fake.accessTtlMs = 30_000;
  forgetKsefTokens();
  await issue(await paidOrder());
  const challenges = fake.requests.filter((r) => r.path === '/auth/challenge').length;
  const second = await paidOrder();
  await issue(second);
  expect((await listed(second)).ksef.status).toBe('accepted');
  expect(fake.requests.filter((r) => r.path === '/auth/challenge').length).toBe(challenges);
  expect(fake.requests.some((r) => r.path === '/auth/token/refresh' && r.status === 200)).toBe(true);
  fake.accessTtlMs = 15 * 60_000;
});

test('a rejection: status rejected with KSeF reason, no number, no UPO', async () => {
  fake.rejectBuyerNips.add(buyer.taxId);
  const s = await paidOrder();
  const invoice = await issue(s);
  const item = await listed(s);
  expect(item.ksef).toEqual({ status: 'rejected', number: null, upoUrl: null, rejectionReason: expect.stringContaining('450 Błąd weryfikacji semantyki dokumentu faktury') });
  expect(item.ksef.rejectionReason).toContain(buyer.taxId);
  const upo = await get(`${s.base}/invoice.upo.xml?document=${invoice.id}`, s.owner.token);
  expect(upo.status).toBe(404);
  // Rejected is final: running the queue again sends nothing more.
  const before = fake.requests.length;
  await runJobsOnce(tdb.db);
  expect(fake.requests.length).toBe(before);
});

test('429 with Retry-After: a short one is waited out in place, a long one moves the next attempt past it', async () => {
  fake.tooMany = { count: 1, retryAfterSeconds: 1, pathIncludes: '/sessions/online' };
  const s = await paidOrder();
  await issue(s);
  expect((await listed(s)).ksef.status).toBe('accepted');
  const i429 = fake.requests.findIndex((r) => r.status === 429);
  expect(i429).toBeGreaterThanOrEqual(0);
  const next = fake.requests[i429 + 1];
  expect(next?.path).toBe(fake.requests[i429]?.path);
  expect((next?.at ?? 0) - (fake.requests[i429]?.at ?? 0)).toBeGreaterThanOrEqual(1000);

  fake.tooMany = { count: 1, retryAfterSeconds: 120, pathIncludes: '/sessions/online' };
  const later = await paidOrder();
  const invoice = await issue(later);
  expect((await listed(later)).ksef).toMatchObject({ status: 'queued', number: null });
  const waiting = (await row(invoice.id)).ksef_last_error;
  expect(waiting).toContain('429');
  const jobs = (await listJobsByKey(tdb.db, 'ksef-send', [`invoice:${invoice.id}:`])).filter((j) => j.state === 'pending' || j.state === 'retrying');
  expect(jobs).toHaveLength(1);
  expect(Date.parse(jobs[0]!.runAt) - Date.now()).toBeGreaterThan(110_000);
  // Nothing is sent before the time KSeF named.
  const before = fake.requests.length;
  await runJobsOnce(tdb.db);
  expect(fake.requests.length).toBe(before);
  await makeJobsDue(tdb.db, 'ksef-send');
  await runJobsOnce(tdb.db);
  expect((await listed(later)).ksef.status).toBe('accepted');
});

test('KSeF unavailable (503, then connection refused): the invoice waits queued and is sent when KSeF is back', async () => {
  fake.unavailable = true;
  const s = await paidOrder();
  const invoice = await issue(s);
  expect((await listed(s)).ksef).toEqual({ status: 'queued', number: null, upoUrl: null, rejectionReason: null });
  expect((await row(invoice.id)).ksef_last_error).toContain('503');

  fake.unavailable = false;
  await fake.stop();
  await makeJobsDue(tdb.db, 'ksef-send');
  await runJobsOnce(tdb.db);
  const down = await row(invoice.id);
  expect([down.ksef_status, down.ksef_attempts]).toEqual(['queued', 2]);
  expect(down.ksef_last_error).toContain('no answer');

  await fake.start();
  await makeJobsDue(tdb.db, 'ksef-send');
  await runJobsOnce(tdb.db);
  const item = await listed(s);
  expect(item.ksef.status).toBe('accepted');
  expect(isValidKsefNumber(item.ksef.number as string)).toBe(true);
  expect((await row(invoice.id)).ksef_last_error).toBeNull();
  // No job of this invoice is left waiting or failed.
  const left = (await listJobsByKey(tdb.db, 'ksef-send', [`invoice:${invoice.id}`])).filter((j) => j.state !== 'done');
  expect(left).toEqual([]);
});

test('the invoice PDF: "awaiting KSeF" and OFFLINE until the number, then the number; its QR code decodes to the KOD I address', async () => {
  fake.unavailable = true;
  const s = await paidOrder();
  const invoice = await issue(s);
  const xml = await (await get(`${s.base}/invoice.xml?document=${invoice.id}`, s.owner.token)).text();
  const [y, m, d] = (/<P_1>(\d{4})-(\d{2})-(\d{2})<\/P_1>/.exec(xml) ?? []).slice(1);
  const expected = `https://qr-test.ksef.mf.gov.pl/invoice/${SELLER_NIP}/${d}-${m}-${y}/${crypto.createHash('sha256').update(xml, 'utf8').digest('base64url')}`;
  const pdfOf = async (lang: string) => {
    const r = await fetch(`${api.url}${s.base}/invoice.pdf?document=${invoice.id}`, { headers: { authorization: `Bearer ${s.owner.token}`, cookie: `lang=${lang}` } });
    expect(r.status).toBe(200);
    return Buffer.from(await r.arrayBuffer());
  };

  const waiting = await pdfOf('en');
  const waitingText = await pdfText(waiting);
  expect(waitingText).toContain('KSeF number: awaiting KSeF');
  expect(waitingText).toContain('OFFLINE');
  expect(await pdfQrCode(waiting)).toBe(expected);
  expect(await pdfText(await pdfOf('pl'))).toContain('Numer KSeF: oczekuje na KSeF');
  expect(await pdfText(await pdfOf('ru'))).toContain('Номер KSeF: ожидает KSeF');

  fake.unavailable = false;
  await makeJobsDue(tdb.db, 'ksef-send');
  await runJobsOnce(tdb.db);
  const number = (await listed(s)).ksef.number as string;
  expect(isValidKsefNumber(number)).toBe(true);
  const done = await pdfOf('pl');
  const doneText = await pdfText(done);
  expect(doneText).toContain(`Numer KSeF: ${number}`);
  expect(doneText).not.toContain('OFFLINE');
  expect(doneText).not.toContain('oczekuje');
  expect(await pdfQrCode(done)).toBe(expected);
}, 180_000);

test('a correction issued before its invoice was accepted waits for the invoice\'s KSeF number, then is sent naming it (NrKSeFFaKorygowanej)', async () => {
  fake.unavailable = true;
  const s = await paidOrder();
  const invoice = await issue(s);
  const correction = await issueCorrectionForRefund(tdb.db, s.order.id, { refundKey: `ksef-test-${s.order.id}`, amountMinor: 1000 });
  expect(correction).not.toBeNull();
  expect((await row(correction!.id)).ksef_status).toBe('queued');
  // Issued while the original had no KSeF number: "not in KSeF" for now.
  expect((await row(correction!.id)).xml).toContain('<NrKSeFN>1</NrKSeFN>');

  fake.unavailable = false;
  const before = fake.requests.length;
  await expect(sendInvoiceToKsef(tdb.db, correction!.id, new KsefClient(getConfig().ksef!))).rejects.toThrow(`waiting for invoice ${invoice.number}`);
  expect(fake.requests.length).toBe(before);

  for (let round = 0; round < 3; round++) {
    await makeJobsDue(tdb.db, 'ksef-send');
    await runJobsOnce(tdb.db);
  }
  const [original, kor] = [await row(invoice.id), await row(correction!.id)];
  expect([original.ksef_status, kor.ksef_status, kor.ksef_rejection_reason]).toEqual(['accepted', 'accepted', null]);
  expect(Date.parse(kor.ksef_sent_at as string)).toBeGreaterThanOrEqual(Date.parse(original.ksef_accepted_at as string));
  // What KSeF received (decrypted by the fake, valid against the FA(3) XSD) names the original's KSeF number.
  const received = fake.accepted.get(kor.ksef_number as string) as string;
  const corrected = /<DaneFaKorygowanej>([\s\S]*?)<\/DaneFaKorygowanej>/.exec(received)?.[1] ?? '';
  expect(corrected).toContain(`<NrFaKorygowanej>${invoice.number}</NrFaKorygowanej>`);
  expect(corrected).toContain('<NrKSeF>1</NrKSeF>');
  expect(corrected).toContain(`<NrKSeFFaKorygowanej>${original.ksef_number}</NrKSeFFaKorygowanej>`);
  expect(corrected).not.toContain('NrKSeFN');
  expect(kor.xml).toBe(received);
  expect(fa3Errors(kor.xml)).toBeNull();
  // A correction issued once the original has its number carries it from the start.
  const later = await issueCorrectionForRefund(tdb.db, s.order.id, { refundKey: `ksef-test-later-${s.order.id}`, amountMinor: 500 });
  expect((await row(later!.id)).xml).toContain(`<NrKSeFFaKorygowanej>${original.ksef_number}</NrKSeFFaKorygowanej>`);
});

test('the fake KSeF refuses a correction that says "not in KSeF" for an invoice it holds', async () => {
  const s = await paidOrder();
  const invoice = await issue(s);
  expect((await row(invoice.id)).ksef_status).toBe('accepted');
  const correction = await issueCorrectionForRefund(tdb.db, s.order.id, { refundKey: `ksef-test-nrksefn-${s.order.id}`, amountMinor: 700 });
  const stale = (await row(correction!.id)).xml.replace(/<NrKSeF>1<\/NrKSeF>\s*<NrKSeFFaKorygowanej>[^<]*<\/NrKSeFFaKorygowanej>/, '<NrKSeFN>1</NrKSeFN>');
  expect(fa3Errors(stale)).toBeNull();
  // The shop never sends it so (send.ts fills the number in first); sent as it is, KSeF says why.
  await tdb.db.updateTable('invoices').set({ xml: stale }).where('id', '=', correction!.id).execute();
  const client = new KsefClient(getConfig().ksef!);
  const session = await client.openSession();
  const ref = await client.sendInvoice(session, Buffer.from(stale, 'utf8'));
  let status = await client.invoiceStatus(session.referenceNumber, ref);
  for (let read = 0; read < 10 && status.status.code < 200; read++) status = await client.invoiceStatus(session.referenceNumber, ref);
  expect(status.status.code).toBe(450);
  expect(status.status.details?.[0]).toContain('NrKSeFFaKorygowanej');
});

test('KSEF_PUBLIC_KEY_PEM: the keys are not fetched; a token KSeF does not know is refused with its status 450', async () => {
  forgetKsefTokens();
  const certs = () => fake.requests.filter((r) => r.path === '/security/public-key-certificates').length;
  const before = certs();
  const client = new KsefClient({ baseUrl: fake.baseUrl, token: TOKEN, nip: SELLER_NIP, publicKeyPem: fake.publicKeyPem });
  await expect(client.authenticate()).resolves.toEqual(expect.any(String));
  expect(certs()).toBe(before);
  forgetKsefTokens();
  const wrong = new KsefClient({ baseUrl: fake.baseUrl, token: 'NOT-A-TOKEN', nip: SELLER_NIP, publicKeyPem: fake.publicKeyPem });
  await expect(wrong.authenticate()).rejects.toThrow(/KSeF authentication failed: 450/);
  forgetKsefTokens();
});
