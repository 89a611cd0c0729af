import { soonToday } from '@/server/testing/soonToday';
import { getConfig } from '@/server/config';
import { readOutbox } from '@/server/testing/outbox';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { createAnalysis, createLab, createOrder, createPatient, createUser } from '@/server/testing/orderFixtures';

/**
 * "Not at home" over the real route: the first mark mails the ordering user, in their saved
 * language, that the nurse could not find them and how to arrange another visit; a second mark and a
 * refused mark send nothing. On SQLite and (with DATABASE_URL=postgres://...) PostgreSQL.
 */
let db: TestDb;
let api: TestApiServer;

beforeAll(async () => {
  db = await createTestDb({ seed: false });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await db.cleanup();
});

const mailsTo = (email: string) => readOutbox(getConfig().outboxDir).filter((m) => m.to === email);

async function visit(locale: string | null) {
  const labId = await createLab(db.db, { cityName: 'Warsaw' });
  const analysisId = await createAnalysis(db.db, { name: 'Ferritin' });
  const owner = await createUser(db.db, { firstName: 'Ewa' });
  await db.db.updateTable('users').set({ locale }).where('id', '=', owner.id).execute();
  const patientId = await createPatient(db.db, owner.id);
  // Today (the nurse's taps are taken only on the visit's day), about an hour ago.
  const startAt = soonToday(-60, 'Europe/Warsaw');
  const slot = { start: startAt.toISOString(), id: (await db.db.insertInto('nurse_slots').values({ laboratory_id: labId, start_at: startAt.toISOString(), end_at: new Date(startAt.getTime() + 2 * 3600_000).toISOString(), capacity: 2, booked: 0 }).returning('id').executeTakeFirstOrThrow()).id };
  // The patient asked not to be mailed: this mail goes out anyway, they need to act on it.
  const order = await createOrder(db.db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: [{ patientId, analysisId }], useEmail: false });
  await db.db.updateTable('orders').set({ address_intercom_code: '15K', address_postal_code: '00-683' }).where('id', '=', order.id).execute();
  const staff = await createUser(db.db, { role: 'staff', staffLaboratoryId: labId });
  const nurse = await createUser(db.db, { role: 'staff', staffLaboratoryId: labId, staffRole: 'nurse' });
  const otherNurse = await createUser(db.db, { role: 'staff', staffLaboratoryId: labId, staffRole: 'nurse' });
  expect((await api.call('PUT', `/api/backend/staff/orders/${order.id}/nurse`, { token: staff.token, body: { nurseUserId: nurse.id } })).status).toBe(200);
  // The nurse is at the door ("not at home" needs that, or 15 minutes past the slot's start).
  await db.db.updateTable('orders').set({ visit_state: 'arrived' }).where('id', '=', order.id).execute();
  const lab = await db.db.selectFrom('laboratories').select(['phone', 'email']).where('id', '=', labId).executeTakeFirstOrThrow();
  return { owner, order, slot, nurse, otherNurse, lab };
}

const mark = (token: string, orderId: number, note: string) => api.call('POST', `/api/backend/staff/visits/${orderId}/not-at-home`, { token, body: { note } });

test('the first mark mails the user once, with the visit in the laboratory time, the laboratory contacts and the order link', async () => {
  const v = await visit(null);
  // Another nurse's visit is absent for them: 404 and no mail.
  expect((await mark(v.otherNurse.token, v.order.id, 'x')).status).toBe(404);
  expect(mailsTo(v.owner.email)).toHaveLength(0);

  expect((await mark(v.nurse.token, v.order.id, 'Rang twice, nobody answered')).status).toBe(200);
  const [mail, ...more] = mailsTo(v.owner.email);
  expect(more).toHaveLength(0);
  expect(mail?.subject).toBe(`The nurse could not find you at home (order ${v.order.number})`);
  // No patient's name in a notification.
  expect(mail?.text).toContain('Hello,');
  expect(mail?.text).not.toContain('Ewa');
  expect(mail?.text).toContain(`Our nurse came for the home visit of your order ${v.order.number}`);
  const warsawTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', hour: '2-digit', minute: '2-digit' }).format(new Date(v.slot.start));
  expect(mail?.text).toContain(warsawTime);
  expect(mail?.text).toContain('Prosta 5');
  expect(mail?.text).toContain('To arrange another visit, please contact the laboratory in Warsaw:');
  expect(mail?.text).toContain(`Phone: ${v.lab.phone}`);
  expect(mail?.text).toContain(`E-mail: ${v.lab.email}`);
  expect(mail?.text).toContain(`http://localhost:3000/orders/${v.order.id}`);
  // Neither the intercom code nor the nurse's note (written for the laboratory) nor the analyses.
  expect(mail?.text).not.toContain('15K');
  expect(mail?.text).not.toContain('Rang twice');
  expect(mail?.text).not.toContain('Ferritin');

  // A second mark updates the note and mails nothing.
  const again = await mark(v.nurse.token, v.order.id, 'Came back at noon, still nobody');
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ notAtHome: { note: 'Came back at noon, still nobody' } });
  expect(mailsTo(v.owner.email)).toHaveLength(1);
});

test.each([
  ['pl', 'Pielęgniarka nie zastała Cię w domu', 'Aby umówić inną wizytę, skontaktuj się z laboratorium w mieście Warsaw:'],
  ['ru', 'Медсестра не застала вас дома', 'Чтобы договориться о другом визите, свяжитесь с лабораторией в городе Warsaw:'],
])('in the user saved language (%s)', async (locale, subject, contact) => {
  const v = await visit(locale);
  expect((await mark(v.nurse.token, v.order.id, 'Nobody')).status).toBe(200);
  const [mail] = mailsTo(v.owner.email);
  expect(mail?.subject).toBe(`${subject} (${locale === 'pl' ? 'zamówienie' : 'заказ'} ${v.order.number})`);
  expect(mail?.text).toContain(contact);
  expect(mail?.text).not.toContain('could not find you');
});

test('two marks at the same time send one mail', async () => {
  const v = await visit(null);
  const answers = await Promise.all([mark(v.nurse.token, v.order.id, 'One'), mark(v.nurse.token, v.order.id, 'Two')]);
  expect(answers.map((a) => a.status)).toEqual([200, 200]);
  expect(mailsTo(v.owner.email)).toHaveLength(1);
});
