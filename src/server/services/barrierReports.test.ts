import { createTestDb, type TestDb } from '../testing/testDb';
import { startApiServer, type TestApiServer } from '../testing/apiServer';
import { createLab, createUser } from '../testing/orderFixtures';

/**
 * A barrier reported on the accessibility statement's form reaches the laboratory's staff console as a
 * ticket due in 30 days (European Accessibility Act); other laboratories' staff and patients do not
 * see it. On SQLite and PostgreSQL.
 */
let tdb: TestDb;
let api: TestApiServer;
beforeAll(async () => {
  tdb = await createTestDb({ seed: false });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

test('a reported barrier is a ticket of the laboratory, due in 30 days', async () => {
  const lab = await createLab(tdb.db);
  const other = await createLab(tdb.db);
  const staff = await createUser(tdb.db, { role: 'staff', staffLaboratoryId: lab });
  const foreign = await createUser(tdb.db, { role: 'staff', staffLaboratoryId: other });
  const patient = await createUser(tdb.db);
  const sent = await api.call('POST', '/api/backend/accessibility/barriers', {
    body: { name: 'Ola Nowak', email: 'ola@example.com', message: 'The date picker cannot be used with a screen reader.', laboratoryId: lab, page: '/order/checkout' },
  });
  expect(sent.status).toBe(201);
  expect(sent.body).toMatchObject({ id: expect.any(Number), dueAt: expect.any(String) });
  const days = (Date.parse(sent.body.dueAt) - Date.now()) / 86400000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);

  const list = await api.call('GET', '/api/backend/staff/barrier-reports', { token: staff.token });
  expect(list.status).toBe(200);
  expect(list.body).toEqual([
    expect.objectContaining({ id: sent.body.id, name: 'Ola Nowak', email: 'ola@example.com', page: '/order/checkout', message: 'The date picker cannot be used with a screen reader.', status: 'open', dueAt: sent.body.dueAt }),
  ]);
  expect((await api.call('GET', '/api/backend/staff/barrier-reports', { token: foreign.token })).body).toEqual([]);
  expect((await api.call('GET', '/api/backend/staff/barrier-reports', { token: patient.token })).status).toBe(403);
  expect((await api.call('POST', '/api/backend/accessibility/barriers', { body: { name: '', email: 'x', message: 'short' } })).status).toBe(400);
});
