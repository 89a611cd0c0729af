import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { createLab, createUser } from '@/server/testing/orderFixtures';

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

test('staff filter (open, closed, overdue) and page the tickets, and close one; closing is audited and only in their laboratory', async () => {
  const lab = await createLab(tdb.db);
  const other = await createLab(tdb.db);
  const staff = await createUser(tdb.db, { role: 'staff', staffLaboratoryId: lab });
  const foreign = await createUser(tdb.db, { role: 'staff', staffLaboratoryId: other });
  const day = 86400000;
  const ids: number[] = [];
  for (const [i, created] of [-40, -35, -1].entries()) {
    const at = new Date(Date.now() + created * day);
    const row = await tdb.db
      .insertInto('barrier_reports')
      .values({ laboratory_id: lab, name: `Reporter ${i}`, email: `r${i}@example.com`, message: 'The menu traps the keyboard focus.', created_at: at.toISOString(), due_at: new Date(at.getTime() + 30 * day).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  const list = (q: string) => api.call('GET', `/api/backend/staff/barrier-reports${q}`, { token: staff.token });
  expect((await list('?status=overdue')).body.map((r: { id: number }) => r.id)).toEqual([ids[0], ids[1]]);
  expect((await list('?limit=2')).body.map((r: { id: number }) => r.id)).toEqual([ids[0], ids[1]]);
  expect((await list('?limit=2&offset=2')).body.map((r: { id: number }) => r.id)).toEqual([ids[2]]);

  expect((await api.call('POST', `/api/backend/staff/barrier-reports/${ids[0]}/close`, { token: foreign.token })).status).toBe(404);
  const closed = await api.call('POST', `/api/backend/staff/barrier-reports/${ids[0]}/close`, { token: staff.token });
  expect(closed.status).toBe(200);
  expect(closed.body).toMatchObject({ id: ids[0], status: 'closed' });
  expect((await api.call('POST', `/api/backend/staff/barrier-reports/${ids[0]}/close`, { token: staff.token })).body).toMatchObject({ status: 'closed' });
  expect((await list('?status=closed')).body.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
  expect((await list('?status=overdue')).body.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
  expect((await list('')).body.map((r: { id: number }) => r.id)).toEqual([ids[1], ids[2], ids[0]]);

  const audit = await api.call('GET', '/api/backend/staff/audit?action=barrier_closed', { token: staff.token });
  expect(audit.status).toBe(200);
  expect(audit.body).toEqual([expect.objectContaining({ action: 'barrier_closed', actorKind: 'staff', detail: `barrier report #${ids[0]}` })]);
  for (const bad of ['status=done', 'limit=0', 'offset=-1', 'offset=x']) expect({ bad, status: (await list(`?${bad}`)).status }).toEqual({ bad, status: 400 });
  expect((await api.call('POST', '/api/backend/staff/barrier-reports/abc/close', { token: staff.token })).status).toBe(400);
});
