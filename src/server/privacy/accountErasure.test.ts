import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';

/** DELETE users/current over HTTP (SQLite and PostgreSQL): password needed, signed out everywhere, personal data erased, results kept anonymised, the address free again. */
const suite = setUpApiSuite();

jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual('@/server/mail/mailer'), sendMail: jest.fn(async () => undefined) }));

const B = '/api/backend';

test('erasing an account', async () => {
  const email = `erase-${Date.now()}@example.test`;
  const password = 'Erase-Me-Passphrase-2026';
  const reg = await suite.api.call('POST', `${B}/register`, { body: { email, password, firstName: 'Zofia', lastName: 'Zapomniana' } });
  expect(reg.status).toBe(201);
  const second = await suite.api.call('POST', `${B}/login`, { body: { username: email, password } });
  const userId = (await suite.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const labId = await createLab(suite.db.db);
  const analysis = await createAnalysis(suite.db.db);
  const patientId = await createPatient(suite.db.db, userId, { firstName: 'Zuzanna', lastName: 'Zapomniana' });
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labId });
  const slot = await createSlot(suite.db.db, labId, 72);
  const order = await createOrder(suite.db.db, { userId, laboratoryId: labId, slotId: slot.id, lines: [{ patientId, analysisId: analysis }], status: 'in_lab' });
  expect((await suite.api.call('PUT', `${B}/staff/orders/${order.id}/results`, { token: staff.token, body: { entries: [{ patientId, analysisId: analysis, value: 4.4 }] } })).status).toBe(200);

  // What else carries the person: a postal code, the nurse's note, a status note, attempts and events keyed by the address.
  await suite.db.db.updateTable('orders').set({ address_postal_code: '02-999', not_at_home_note: 'Zofia was not in, neighbour said' }).where('id', '=', order.id).execute();
  await suite.db.db.updateTable('order_status_events').set({ note: 'Called Zofia Zapomniana' }).where('order_id', '=', order.id).execute();
  expect((await suite.api.call('POST', `${B}/login`, { body: { username: email, password: 'a wrong guess here' } })).status).toBe(401);
  expect((await suite.api.call('POST', `${B}/users/password`, { body: { email } })).status).toBe(200);
  await suite.db.db.insertInto('login_attempts').values({ key: `register:key:${email}`, at: new Date().toISOString(), success: 1 }).execute();

  const wrong = await suite.api.call('DELETE', `${B}/users/current`, { token: reg.body.accessToken, body: { password: 'not the password at all' } });
  expect(wrong.status).toBe(400);
  expect(wrong.body.fields).toHaveProperty('password');
  expect((await suite.api.call('DELETE', `${B}/users/current`, { token: reg.body.accessToken, body: {} })).status).toBe(400);
  expect((await suite.api.call('GET', `${B}/users/current`, { token: reg.body.accessToken })).status).toBe(200);

  const gone = await suite.api.call('DELETE', `${B}/users/current`, { token: reg.body.accessToken, body: { password } });
  expect(gone.status).toBe(200);
  // Signed out everywhere.
  expect((await suite.api.call('GET', `${B}/users/current`, { token: reg.body.accessToken })).status).toBe(401);
  expect((await suite.api.call('GET', `${B}/users/current`, { token: second.body.access_token })).status).toBe(401);

  // Personal data erased; the result kept, anonymised.
  const dump = JSON.stringify([
    await suite.db.db.selectFrom('users').selectAll().where('id', '=', userId).execute(),
    await suite.db.db.selectFrom('patients').selectAll().where('user_id', '=', userId).execute(),
    await suite.db.db.selectFrom('order_patients').selectAll().where('order_id', '=', order.id).execute(),
    await suite.db.db.selectFrom('orders').selectAll().where('id', '=', order.id).execute(),
    await suite.db.db.selectFrom('order_status_events').selectAll().where('order_id', '=', order.id).execute(),
    await suite.db.db.selectFrom('login_attempts').selectAll().execute(),
    await suite.db.db.selectFrom('security_events').selectAll().execute(),
    await suite.db.db.selectFrom('known_devices').selectAll().where('user_id', '=', userId).execute(),
  ]);
  for (const personal of [email, 'Zofia', 'Zapomniana', 'Zuzanna', 'Prosta 5', '+48 600 100 200', '02-999']) expect({ personal, found: dump.includes(personal) }).toEqual({ personal, found: false });
  expect(await suite.db.db.selectFrom('known_devices').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  // (A sign-in attempt after the erasure counts again, under the address typed.)
  expect((await suite.api.call('POST', `${B}/login`, { body: { username: email, password } })).status).toBe(401);
  const kept = await suite.db.db.selectFrom('analysis_results').select(['value_num']).where('order_id', '=', order.id).execute();
  expect(kept).toEqual([{ value_num: 4.4 }]);
  const audit = await suite.db.db.selectFrom('audit_events').select('action').where('subject_user_id', '=', userId).execute();
  expect(audit.map((a) => a.action)).toContain('account_deleted');

  // The address can register again.
  expect((await suite.api.call('POST', `${B}/register`, { body: { email, password, firstName: 'Nowa', lastName: 'Osoba' } })).status).toBe(201);
});
