import { Writable } from 'node:stream';
import { createTestDb, type TestDb } from './testing/testDb';
import { startApiServer, type TestApiServer } from './testing/apiServer';
import { createUser } from './testing/orderFixtures';
import { seedShopFixture, type ShopFixture } from './testing/shopFixtures';
import { log, setLogForTests } from './log';
import { getConfig } from './config';
import { readOutbox } from '@/server/testing/outbox';

/**
 * A full API journey (register, login, a refresh of the bearer token, patient, order, result, share
 * link and its opening) with the server log captured: the log has a line per request and none of the
 * password, the access and refresh tokens, the mailed link token, the share link or the result value. On SQLite and PostgreSQL.
 */
let tdb: TestDb;
let api: TestApiServer;
let fx: ShopFixture;
const lines: string[] = [];

beforeAll(async () => {
  tdb = await createTestDb({ seed: false });
  fx = await seedShopFixture(tdb.db);
  api = await startApiServer();
  setLogForTests(
    new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
});
afterAll(async () => {
  setLogForTests(null);
  await api.close();
  await tdb.cleanup();
});

const B = '/api/backend';

test('the log of a whole journey carries no password, token, share link or result value', async () => {
  const email = `journey-${Date.now()}@example.test`;
  const password = 'Journey-Secret-Passphrase-77';
  const reg = await api.call('POST', `${B}/register`, { body: { email, password, firstName: 'Lena', lastName: 'Log' } });
  expect(reg.status).toBe(201);
  const login = await api.call('POST', `${B}/login`, { body: { username: email, password } });
  expect(login.status).toBe(200);
  const token: string = login.body.access_token;
  // The refresh cookie renews the bearer token: neither the cookie's token nor the new ones are logged.
  const refreshToken = /labShop\.refresh=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] as string;
  expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  const renewed = await api.call('POST', `${B}/auth/refresh`, { headers: { Cookie: `labShop.refresh=${refreshToken}` } });
  expect(renewed.status).toBe(200);
  const nextRefresh = /labShop\.refresh=([^;]+)/.exec(renewed.headers.get('set-cookie') ?? '')?.[1] as string;
  // A wrong password is logged as a request too, without the password typed.
  expect((await api.call('POST', `${B}/login`, { body: { username: email, password: 'Wrong-Guess-Passphrase-55' } })).status).toBe(401);
  const patient = await api.call('POST', `${B}/patient?userAsPatient=true`, {
    token,
    body: {
      personalDetails: { firstName: 'Mila', lastName: 'Log', gender: 'female', dateOfBirth: '1991-01-01', email: null, phone: null },
      address: { country: '', region: '', locality: '', district: '', street: '', houseNumber: '', entranceNumber: '', floorNumber: '', apartmentNumber: '', addressNotes: '' },
    },
  });
  expect(patient.status).toBe(201);
  const patientId: number = patient.body.id;
  await tdb.db.updateTable('users').set({ laboratory_id: 'fx-waw', email_confirmed: 1 }).where('email', '=', email).execute();
  expect((await api.call('POST', '/api/cart/add-to-cart', { token, body: { analysisId: fx.analyses.cbc, patientIds: [patientId] } })).status).toBe(200);
  const slot = await tdb.db
    .insertInto('nurse_slots')
    .values({ laboratory_id: 'fx-waw', start_at: new Date(Date.now() + 3 * 86400000).toISOString(), end_at: new Date(Date.now() + 3 * 86400000 + 3600000).toISOString(), capacity: 2, booked: 0 })
    .returning(['id', 'start_at'])
    .executeTakeFirstOrThrow();
  const order = await api.call('POST', '/api/order/create', {
    token,
    body: {
      laboratoryId: 'fx-waw',
      nurseCheckoutDate: slot.start_at,
      orderSlotId: slot.id,
      orderAddress: { city: 'Warsaw', postalCode: '00-683', street: 'Marszałkowska 10', entry: '', intercomCode: '4711#', notes: '' },
      feedbackDetails: { useEmail: true, usePhone: false, quickPhone: '+48 600 100 200' },
    },
  });
  expect([order.status, order.body.error]).toEqual([200, undefined]);
  const orderId: number = order.body.orderId;
  const staff = await createUser(tdb.db, { role: 'staff', staffLaboratoryId: 'fx-waw' });
  for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
    expect((await api.call('POST', `${B}/staff/orders/${orderId}/status`, { token: staff.token, body: { status } })).status).toBe(200);
  }
  const resultValue = 987.654;
  expect((await api.call('PUT', `${B}/staff/orders/${orderId}/results`, { token: staff.token, body: { entries: [{ patientId, analysisId: fx.analyses.cbc, value: resultValue, comment: 'Haemolysed-Comment-X' }] } })).status).toBe(200);
  const share = await api.call('POST', `${B}/test-results/${orderId}/patients/${patientId}/shares`, { token, body: { days: 7 } });
  expect(share.status).toBe(201);
  const shareToken = String(share.body.url).split('/').pop() as string;
  expect((await api.call('GET', `${B}/shared-results/${shareToken}`)).status).toBe(200);
  // A failure inside a handler is logged with its error, still without secrets.
  log().error({ err: new Error('probe'), body: { password }, headers: { authorization: `Bearer ${token}` } }, 'probe');

  // The activation mail's body (its link token) is not in the log either.
  const mails = readOutbox(getConfig().outboxDir).filter((m) => m.to === email);
  expect(mails.length).toBeGreaterThan(0);
  const mailTokens = mails.flatMap((m) => [...m.text.matchAll(/token=([A-Za-z0-9_-]{20,})/g)].map((x) => x[1] as string));
  expect(mailTokens.length).toBeGreaterThan(0);

  const all = lines.join('');
  expect(lines.filter((l) => l.includes('"api request"')).length).toBeGreaterThanOrEqual(10);
  expect(all).toContain('"path":"/api/backend/shared-results/[redacted]"');
  for (const secret of [password, 'Wrong-Guess-Passphrase-55', token, staff.token, reg.body.accessToken, shareToken, String(resultValue), 'Haemolysed-Comment-X', '4711#', refreshToken, nextRefresh, renewed.body.access_token, ...mailTokens]) {
    expect(all).not.toContain(secret);
  }
});
