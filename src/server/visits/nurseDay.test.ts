import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createUser } from '@/server/testing/orderFixtures';
import { pdfText } from '@/server/testing/pdfText';
import { localDay, timeZoneOf } from '@/server/laboratories/laboratoryTime';
import { soonToday } from '@/server/testing/soonToday';
import type { NurseVisitDto } from '@/shared/types/results';

/**
 * The visit's rules are one set: the nurse's taps (on the way, arrived, collected, not at home) only
 * on the visit's day in the laboratory's zone; the laboratory staff's status changes in the console
 * stay as they were (they record what happened, when they record it); and the collection time then
 * shown is the one recorded, the same on the results page, in the PDF and in the trend. On SQLite and
 * PostgreSQL.
 */
const suite = setUpApiSuite();
jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

const DAY = 86_400_000;

/** A visit assigned to a nurse, starting at `start` (default: in three days). */
async function visitInThreeDays(start = new Date(Date.now() + 3 * DAY)) {
  const db = suite.db.db;
  const lab = await createLab(db);
  const analysisId = await createAnalysis(db, { name: 'Ferritin', unit: 'ug/L', ranges: [{ low: 15, high: 150 }] });
  const owner = await createUser(db, { firstName: 'Ewa' });
  const patientId = await createPatient(db, owner.id, { firstName: 'Ewa', isUser: true });
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: lab });
  const nurse = await createUser(db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse', firstName: 'Nina' });
  const slotId = (await db.insertInto('nurse_slots').values({ laboratory_id: lab, start_at: start.toISOString(), end_at: new Date(start.getTime() + 2 * 3600_000).toISOString(), capacity: 4, booked: 0 }).returning('id').executeTakeFirstOrThrow()).id;
  const order = await createOrder(db, { userId: owner.id, laboratoryId: lab, slotId, lines: [{ patientId, analysisId }], status: 'visit_confirmed' });
  expect((await suite.api.call('PUT', `/api/backend/staff/orders/${order.id}/nurse`, { token: staff.token, body: { nurseUserId: nurse.id } })).status).toBe(200);
  const country = (await db.selectFrom('laboratories').select('country').where('id', '=', lab).executeTakeFirstOrThrow()).country;
  return { owner, staff, nurse, order, patientId, analysisId, start, timeZone: timeZoneOf(country) };
}

test('one collection time everywhere: the results page, the PDF and the trend show the collection recorded, not the booked visit', async () => {
  const w = await visitInThreeDays();
  const B = '/api/backend/staff';
  const before = Date.now();
  expect((await suite.api.call('POST', `${B}/orders/${w.order.id}/status`, { token: w.staff.token, body: { status: 'sample_collected' } })).status).toBe(200);
  expect((await suite.api.call('POST', `${B}/orders/${w.order.id}/status`, { token: w.staff.token, body: { status: 'in_lab' } })).status).toBe(200);
  const put = await suite.api.call('PUT', `${B}/orders/${w.order.id}/results`, { token: w.staff.token, body: { entries: [{ patientId: w.patientId, analysisId: w.analysisId, value: 80 }] } });
  expect(put.status).toBe(200);

  const page = await suite.api.call('GET', `/api/backend/test-results/${w.order.id}/patients/${w.patientId}`, { token: w.owner.token });
  const sampledAt = page.body.testResult.sampledAt as string;
  expect(Date.parse(sampledAt)).toBeGreaterThanOrEqual(before - 1000);
  expect(Date.parse(sampledAt)).toBeLessThan(before + 60_000);

  const longDay = (iso: string | Date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: w.timeZone }).format(new Date(iso));
  const pdf = await fetch(`${suite.api.url}/api/backend/test-results/${w.order.id}/patients/${w.patientId}/pdf`, { headers: { Authorization: `Bearer ${w.owner.token}`, Cookie: 'lang=en' } });
  expect(pdf.status).toBe(200);
  const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
  expect(text).toContain(`Sample taken: ${longDay(sampledAt)}`);
  expect(text).not.toContain(longDay(w.start));

  const resultId = (page.body.results as { id: number }[])[0]?.id;
  const detail = await suite.api.call('GET', `/api/backend/test-results/${w.order.id}/patients/${w.patientId}/analysis-results/${resultId}`, { token: w.owner.token });
  expect(detail.status).toBe(200);
  expect(detail.body.history.map((h: { at: string }) => h.at)).toEqual([sampledAt]);

  // A doctor's link and the FHIR export give the same collection time.
  const share = await suite.api.call('POST', `/api/backend/test-results/${w.order.id}/patients/${w.patientId}/shares`, { token: w.owner.token, body: {} });
  expect(share.status).toBe(201);
  const shared = await suite.api.call('GET', `/api/backend/shared-results/${(share.body.url as string).split('/shared/results/')[1]}`);
  expect(shared.status).toBe(200);
  expect(shared.body.sampledAt).toBe(sampledAt);
  const fhir = await suite.api.call('GET', `/api/backend/test-results/${w.order.id}/fhir`, { token: w.owner.token });
  expect(fhir.status).toBe(200);
  const times = [...JSON.stringify(fhir.body).matchAll(/"(?:effective|collected)DateTime":"([^"]+)"/g)].map((m) => m[1]);
  expect(times.length).toBeGreaterThan(0);
  expect(new Set(times)).toEqual(new Set([sampledAt]));
});

const B = '/api/backend/staff';
const REFUSED: [string, string, string][] = [
  ['on_the_way', 'visit_not_visit_day', '"On the way" is possible only on the day of the visit'],
  ['arrived', 'visit_arrived_not_visit_day', '"Arrived" is possible only on the day of the visit'],
  ['collected', 'visit_collected_not_visit_day', '"Samples collected" is possible only on the day of the visit'],
  ['not_at_home', 'visit_not_at_home_not_visit_day', '"Not at home" is possible only on the day of the visit'],
];

test("before the visit's day every nurse tap is refused, each with its own code; the day list shows them closed; the console's status change is not held to it", async () => {
  const w = await visitInThreeDays();
  for (const [state, code, error] of REFUSED) {
    const res = await suite.api.call('POST', `${B}/visits/${w.order.id}/state`, { token: w.nurse.token, body: { state, reason: 'x' } });
    expect([state, res.status, res.body]).toEqual([state, 409, expect.objectContaining({ code, error })]);
  }
  // The same taps through the older actions: "samples collected" as the order's status, "not at home" with a note.
  const collected = await suite.api.call('POST', `${B}/orders/${w.order.id}/status`, { token: w.nurse.token, body: { status: 'sample_collected' } });
  expect([collected.status, collected.body.code]).toEqual([409, 'visit_collected_not_visit_day']);
  const notHome = await suite.api.call('POST', `${B}/visits/${w.order.id}/not-at-home`, { token: w.nurse.token, body: { note: 'Nobody answers' } });
  expect([notHome.status, notHome.body.code]).toEqual([409, 'visit_not_at_home_not_visit_day']);
  const seen = await suite.api.call('GET', `/api/backend/orders/${w.order.id}`, { token: w.owner.token });
  expect([seen.body.status, seen.body.visit.state]).toEqual(['visit_confirmed', 'nurse_assigned']);

  // The nurse's card for that day says the steps open on the visit's day.
  const list = await suite.api.call('GET', `${B}/visits?day=${localDay(w.start, w.timeZone)}`, { token: w.nurse.token });
  expect((list.body.visits as NurseVisitDto[]).map((v) => [v.orderId, v.visitDay])).toEqual([[w.order.id, 'ahead']]);

  // The laboratory's staff record a collection whenever it happened.
  expect((await suite.api.call('POST', `${B}/orders/${w.order.id}/status`, { token: w.staff.token, body: { status: 'sample_collected' } })).status).toBe(200);
  expect((await suite.api.call('GET', `/api/backend/orders/${w.order.id}`, { token: w.owner.token })).body.visit.state).toBe('collected');
});

test("after the visit's day the nurse's taps are refused too; a staff correction with a reason still records what happened", async () => {
  const w = await visitInThreeDays(new Date(Date.now() - 2 * DAY));
  const arrived = await suite.api.call('POST', `${B}/visits/${w.order.id}/state`, { token: w.nurse.token, body: { state: 'arrived' } });
  expect([arrived.status, arrived.body.code]).toEqual([409, 'visit_arrived_not_visit_day']);
  const card = await suite.api.call('GET', `${B}/visits/${w.order.id}`, { token: w.nurse.token });
  expect(card.body.visitDay).toBe('past');
  const corrected = await suite.api.call('POST', `${B}/visits/${w.order.id}/state`, { token: w.staff.token, body: { state: 'not_at_home', reason: 'The nurse phoned: nobody opened' } });
  expect(corrected.status).toBe(200);
  expect(corrected.body.visitState).toBe('not_at_home');
});

test("on the visit's day (the laboratory's calendar) the nurse taps arrived and samples collected; the card says today", async () => {
  const w = await visitInThreeDays(soonToday(-20, 'Europe/Warsaw'));
  expect(w.timeZone).toBe('Europe/Warsaw');
  const card = await suite.api.call('GET', `${B}/visits/${w.order.id}`, { token: w.nurse.token });
  expect(card.body.visitDay).toBe('today');
  expect((await suite.api.call('POST', `${B}/visits/${w.order.id}/state`, { token: w.nurse.token, body: { state: 'arrived' } })).status).toBe(200);
  expect((await suite.api.call('POST', `${B}/orders/${w.order.id}/status`, { token: w.nurse.token, body: { status: 'sample_collected' } })).status).toBe(200);
});

test("the nurse's card names the materials and analyses with the catalogue's ru and pl names", async () => {
  const w = await visitInThreeDays();
  const db = suite.db.db;
  const kit = (await db.insertInto('materials').values({ name: 'Venous blood collection kit' }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('analysis_materials').values({ analysis_id: w.analysisId, material_id: kit, optional: 0 }).execute();
  await db
    .insertInto('catalogue_translations')
    .values([
      { kind: 'material', item_id: kit, language: 'ru', name: 'Набор для взятия венозной крови', description: '', synonyms: '' },
      { kind: 'material', item_id: kit, language: 'pl', name: 'Zestaw do pobrania krwi żylnej', description: '', synonyms: '' },
      { kind: 'analysis', item_id: w.analysisId, language: 'ru', name: 'Ферритин', description: '', synonyms: '' },
    ])
    .execute();
  const card = (await suite.api.call('GET', `${B}/visits/${w.order.id}`, { token: w.nurse.token })).body as NurseVisitDto;
  const names = { name: 'Venous blood collection kit', i18n: { ru: { name: 'Набор для взятия венозной крови' }, pl: { name: 'Zestaw do pobrania krwi żylnej' } } };
  expect(card.materials).toEqual([{ ...names, count: 1 }]);
  expect(card.patients[0]?.materials).toEqual([{ ...names, count: 1 }]);
  expect(card.patients[0]?.analyses[0]).toMatchObject({ name: 'Ferritin', i18n: { ru: { name: 'Ферритин' } } });
});
