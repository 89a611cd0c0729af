import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createUser } from '@/server/testing/orderFixtures';
import { pdfText } from '@/server/testing/pdfText';
import { timeZoneOf } from '@/server/visits/laboratoryTime';

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

async function visitInThreeDays() {
  const db = suite.db.db;
  const lab = await createLab(db);
  const analysisId = await createAnalysis(db, { name: 'Ferritin', unit: 'ug/L', ranges: [{ low: 15, high: 150 }] });
  const owner = await createUser(db, { firstName: 'Ewa' });
  const patientId = await createPatient(db, owner.id, { firstName: 'Ewa', isUser: true });
  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: lab });
  const nurse = await createUser(db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse', firstName: 'Nina' });
  const start = new Date(Date.now() + 3 * DAY);
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
});
