import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';
import { addStaff } from './staff';
import { DISPLAY_NAME_INVALID, setStaffDisplayName } from './staffNames';

/**
 * Staff display names and the patient's "Who opened your results" (SQLite and PostgreSQL): staff are
 * shown by the name given with `staff:add --name` or `staff:name`, and each record says what was
 * done in the patient's words: the samples collected are not "changed results".
 */
const suite = setUpApiSuite();

jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual('@/server/mail/mailer'), sendMail: jest.fn(async () => undefined) }));

const B = '/api/backend';
type Rec = { what: string; actorName: string | null; actorKey: string; id: number };

test('the patient sees staff by their display name and what each did: samples collected, results entered, opened', async () => {
  const labId = await createLab(suite.db.db);
  const analysis = await createAnalysis(suite.db.db, { name: 'Glucose' });
  const owner = await createUser(suite.db.db);
  const patientId = await createPatient(suite.db.db, owner.id);
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labId, firstName: 'Lab', lastName: 'Staff' });
  const slot = await createSlot(suite.db.db, labId, 72);
  const order = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: [{ patientId, analysisId: analysis }], status: 'visit_confirmed' });

  expect(await setStaffDisplayName(suite.db.db, staff.email, '  Anna   Nowak ')).toMatchObject({ displayName: 'Anna Nowak' });
  expect((await suite.api.call('POST', `${B}/staff/orders/${order.id}/status`, { token: staff.token, body: { status: 'sample_collected' } })).status).toBe(200);
  expect((await suite.api.call('PUT', `${B}/staff/orders/${order.id}/results`, { token: staff.token, body: { entries: [{ patientId, analysisId: analysis, value: 5.3 }] } })).status).toBe(200);
  expect((await suite.api.call('GET', `${B}/staff/orders/${order.id}`, { token: staff.token })).status).toBe(200);

  const mine = await suite.api.call('GET', `${B}/users/current/audit`, { token: owner.token });
  expect(mine.status).toBe(200);
  expect(mine.body.map((r: Rec) => [r.what, r.actorName])).toEqual([
    ['opened', 'Anna Nowak'],
    ['results', 'Anna Nowak'],
    ['samples', 'Anna Nowak'],
  ]);
  expect(new Set(mine.body.map((r: Rec) => r.actorKey))).toEqual(new Set([`staff:${staff.id}`]));

  // Paged: one record at a time, each page below the last id seen.
  const first = await suite.api.call('GET', `${B}/users/current/audit?limit=1`, { token: owner.token });
  const second = await suite.api.call('GET', `${B}/users/current/audit?limit=1&before=${first.body[0].id}`, { token: owner.token });
  expect([...first.body, ...second.body].map((r: Rec) => r.what)).toEqual(['opened', 'results']);
});

test('staff:add takes a display name; a bad one is refused naming the field, and the password stays', async () => {
  const labId = await createLab(suite.db.db);
  const email = `nurse-${Date.now()}@example.test`;
  await addStaff(suite.db.db, email, labId, { role: 'nurse', displayName: 'Zofia Wiśniewska-Kowalczyk', password: 'a long enough password 7' });
  const row = await suite.db.db.selectFrom('users').select(['display_name', 'password_hash']).where('email', '=', email).executeTakeFirstOrThrow();
  expect(row.display_name).toBe('Zofia Wiśniewska-Kowalczyk');

  for (const bad of ['A', '<script>', 'x'.repeat(81)]) {
    await expect(setStaffDisplayName(suite.db.db, email, bad)).rejects.toMatchObject({ status: 400, fields: { name: DISPLAY_NAME_INVALID } });
  }
  await setStaffDisplayName(suite.db.db, email, 'Зоя Петрова');
  const after = await suite.db.db.selectFrom('users').select(['display_name', 'password_hash']).where('email', '=', email).executeTakeFirstOrThrow();
  expect(after).toEqual({ display_name: 'Зоя Петрова', password_hash: row.password_hash });
  await expect(setStaffDisplayName(suite.db.db, 'nobody@example.test', 'Anna Nowak')).rejects.toMatchObject({ status: 404 });
});
