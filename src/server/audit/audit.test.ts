import { sql } from 'kysely';
import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';

/**
 * The audit trail over the real routes (SQLite and PostgreSQL): sign-ins, failures and lock-outs,
 * password and role changes, staff and share-link reads and writes of health data, with the client
 * address; the patient sees who opened their data, staff see their laboratory's trail, and the
 * records cannot be changed or deleted.
 */
const suite = setUpApiSuite();

jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual('@/server/mail/mailer'), sendMail: jest.fn(async () => undefined) }));

const B = '/api/backend';
const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const trail = (userId: number) => suite.db.db.selectFrom('audit_events').selectAll().where('subject_user_id', '=', userId).orderBy('id').execute();

test('sign-ins, wrong passwords, lock-outs and password changes are recorded with the client address', async () => {
  const email = `audit-${Date.now()}@example.test`;
  const password = 'a long enough password 1';
  const reg = await suite.api.call('POST', `${B}/register`, { body: { email, password, firstName: 'Ada', lastName: 'Audit' } });
  expect(reg.status).toBe(201);
  const user = await suite.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();

  expect((await suite.api.call('POST', `${B}/login`, { body: { username: email, password }, headers: from('198.51.100.7') })).status).toBe(200);
  const changed = await suite.api.call('PUT', `${B}/users/password`, { token: reg.body.accessToken, body: { oldPassword: password, newPassword: 'another long password 2' }, headers: from('198.51.100.9') });
  expect(changed.status).toBe(200);
  expect((await trail(user.id)).at(-1)).toMatchObject({ action: 'password_changed', actor_user_id: user.id, client_ip: '198.51.100.9' });
  expect((await suite.api.call('POST', `${B}/login`, { body: { username: email, password: 'wrong password here' }, headers: from('198.51.100.8') })).status).toBe(401);
  let last = 0;
  for (let i = 0; i < 10 && last !== 429; i++) last = (await suite.api.call('POST', `${B}/login`, { body: { username: email, password: 'wrong password here' }, headers: from('198.51.100.8') })).status;
  expect(last).toBe(429);

  const rows = await trail(user.id);
  expect(rows[0]).toMatchObject({ action: 'sign_in', actor_kind: 'patient', actor_user_id: user.id, client_ip: '198.51.100.7' });
  expect(rows[1]).toMatchObject({ action: 'password_changed', actor_user_id: user.id, client_ip: '198.51.100.9' });
  // Refused sign-ins are security events, counted per address and window (securityEvents.test.ts), not trail rows.
  expect(rows).toHaveLength(2);
  const events = await suite.db.db.selectFrom('security_events').selectAll().where('subject_user_id', '=', user.id).orderBy('id').execute();
  expect(events.map((e) => [e.action, e.client_ip])).toEqual([
    ['sign_in_failed', '198.51.100.8'],
    ['locked_out', '198.51.100.8'],
  ]);
  expect(events[0]?.count).toBeGreaterThanOrEqual(5);
  // Nothing secret is kept.
  expect(JSON.stringify([rows, events])).not.toContain(password);
  expect(JSON.stringify([rows, events])).not.toContain('wrong password here');

});

test('staff and share-link reads and writes are recorded; the patient sees who opened their results; staff see their laboratory\'s trail', async () => {
  const labId = await createLab(suite.db.db);
  const otherLab = await createLab(suite.db.db);
  const analysis = await createAnalysis(suite.db.db, { name: 'Glucose' });
  const owner = await createUser(suite.db.db);
  const patientId = await createPatient(suite.db.db, owner.id, { isUser: true });
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labId, firstName: 'Olga', lastName: 'Lab' });
  const foreign = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: otherLab });
  const slot = await createSlot(suite.db.db, labId, 72);
  const order = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: [{ patientId, analysisId: analysis }], status: 'in_lab' });

  expect((await suite.api.call('GET', `${B}/staff/orders/${order.id}`, { token: staff.token, headers: from('203.0.113.5') })).status).toBe(200);
  expect((await suite.api.call('PUT', `${B}/staff/orders/${order.id}/results`, { token: staff.token, body: { entries: [{ patientId, analysisId: analysis, value: 5.3 }] }, headers: from('203.0.113.5') })).status).toBe(200);
  // Another laboratory's staff is refused and leaves no read behind.
  expect((await suite.api.call('GET', `${B}/staff/orders/${order.id}`, { token: foreign.token })).status).toBe(404);

  const share = await suite.api.call('POST', `${B}/test-results/${order.id}/patients/${patientId}/shares`, { token: owner.token, body: { days: 7 } });
  expect(share.status).toBe(201);
  const token = String(share.body.url).split('/').pop();
  expect((await suite.api.call('GET', `${B}/shared-results/${token}`, { headers: from('192.0.2.44') })).status).toBe(200);

  const mine = await suite.api.call('GET', `${B}/users/current/audit`, { token: owner.token });
  expect(mine.status).toBe(200);
  expect(mine.body.map((r: { action: string; actorKind: string; actorName: string | null; orderNumber: string }) => [r.action, r.actorKind, r.actorName, r.orderNumber])).toEqual([
    ['health_read', 'share', null, order.number],
    ['health_write', 'staff', 'Olga Lab', order.number],
    ['health_read', 'staff', 'Olga Lab', order.number],
  ]);
  expect(mine.body[0]).not.toHaveProperty('clientIp');
  // Another user sees nothing of it.
  expect((await suite.api.call('GET', `${B}/users/current/audit`, { token: foreign.token })).body).toEqual([]);

  const lab = await suite.api.call('GET', `${B}/staff/audit`, { token: staff.token });
  expect(lab.status).toBe(200);
  expect(lab.body.slice(0, 3).map((r: { action: string; actorKind: string; clientIp: string }) => [r.action, r.actorKind, r.clientIp])).toEqual([
    ['health_read', 'share', '192.0.2.44'],
    ['health_write', 'staff', '203.0.113.5'],
    ['health_read', 'staff', '203.0.113.5'],
  ]);
  expect((await suite.api.call('GET', `${B}/staff/audit`, { token: foreign.token })).body).toEqual([]);
  expect((await suite.api.call('GET', `${B}/staff/audit`, { token: owner.token })).status).toBe(403);
  expect((await suite.api.call('GET', `${B}/users/current/audit`)).status).toBe(401);
});

test('role changes are recorded, and no one can change or delete a record, not even with SQL', async () => {
  const { addStaff } = await import('@/server/staff/staff');
  const labId = await createLab(suite.db.db);
  const user = await createUser(suite.db.db);
  await addStaff(suite.db.db, user.email, labId, { promote: true, password: 'a long enough password 3' });
  const rows = await trail(user.id);
  expect(rows.at(-1)).toMatchObject({ action: 'role_changed', actor_kind: 'operator', laboratory_id: labId, detail: 'patient -> staff (staff)' });

  // The driver's error may come from another realm than jest's Error, so the message is compared.
  const refusal = (q: Promise<unknown>) => q.then(() => 'done', (e: { message?: string }) => String(e?.message));
  expect(await refusal(sql`update audit_events set detail = 'rewritten'`.execute(suite.db.db))).toMatch(/append-only/);
  expect(await refusal(sql`delete from audit_events`.execute(suite.db.db))).toMatch(/append-only/);
  expect((await trail(user.id)).at(-1)?.detail).toBe('patient -> staff (staff)');
});
