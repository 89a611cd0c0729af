import { getConfig } from '@/server/config';
import { readOutbox } from '@/server/testing/outbox';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';
import { changeStatus } from './transitions';
import { backgroundSettled } from '@/server/background';

/** Status mails: the visit in the laboratory's own time zone, the order number and link, no analyses, no intercom code. */
let db: TestDb;

beforeAll(async () => {
  db = await createTestDb({ seed: false });
});
afterAll(async () => {
  await db.cleanup();
});

test('the visit-confirmed mail of a Vilnius laboratory shows the visit in Vilnius time', async () => {
  const labId = await createLab(db.db, { cityName: 'Vilnius', currency: 'EUR' });
  await db.db.updateTable('laboratories').set({ country: 'LT' }).where('id', '=', labId).execute();
  const analysisId = await createAnalysis(db.db, { name: 'Ferritin' });
  const owner = await createUser(db.db, { firstName: 'Rūta' });
  const patientId = await createPatient(db.db, owner.id);
  const slot = await createSlot(db.db, labId, 72);
  const order = await createOrder(db.db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: [{ patientId, analysisId }], useEmail: true });
  await db.db.updateTable('orders').set({ address_intercom_code: '77K' }).where('id', '=', order.id).execute();
  const staff = await createUser(db.db, { role: 'staff', staffLaboratoryId: labId });

  await changeStatus(db.db, order.id, 'visit_confirmed', staff.id);
  await backgroundSettled();

  const mail = readOutbox(getConfig().outboxDir).find((m) => m.to === owner.email);
  expect(mail?.subject).toContain(order.number);
  const time = (tz: string) => new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit' }).format(new Date(slot.start));
  expect(mail?.text).toContain(time('Europe/Vilnius'));
  expect(time('Europe/Vilnius')).not.toBe(time('Europe/Berlin'));
  expect(mail?.text).not.toContain(time('Europe/Berlin'));
  expect(mail?.text).toContain(`http://localhost:3000/orders/${order.id}`);
  expect(mail?.text).not.toContain('Ferritin');
  expect(mail?.text).not.toContain('77K');
});
