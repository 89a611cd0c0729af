import { getConfig, setConfigForTests } from '@/server/config';
import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';
import { purgeOldRows } from '@/server/purge';

/**
 * Refused sign-ins cannot flood the audit trail: they are security events kept apart from the trail
 * of health-data access, one row per address, outcome and 15-minute window with a counter. Both views
 * page and filter; anonymous security events are purged after the retention period; a share link can
 * be opened only so often. On SQLite and PostgreSQL.
 */
const suite = setUpApiSuite();
jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual('@/server/mail/mailer'), sendMail: jest.fn(async () => undefined) }));

const B = '/api/backend';

async function labWithReads() {
  const labId = await createLab(suite.db.db);
  const analysis = await createAnalysis(suite.db.db, { name: 'Glucose' });
  const owner = await createUser(suite.db.db);
  const patientId = await createPatient(suite.db.db, owner.id, { isUser: true });
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labId });
  const nurse = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labId, staffRole: 'nurse' });
  const order = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: labId, slotId: (await createSlot(suite.db.db, labId, 48)).id, lines: [{ patientId, analysisId: analysis }], status: 'in_lab' });
  for (let i = 0; i < 3; i++) expect((await suite.api.call('GET', `${B}/staff/orders/${order.id}`, { token: staff.token })).status).toBe(200);
  return { labId, owner, patientId, staff, nurse, order };
}

test('230 refused sign-ins for a nurse leave the trail as it was and make two counted security events', async () => {
  const s = await labWithReads();
  const before = await suite.api.call('GET', `${B}/staff/audit`, { token: s.staff.token });
  const trailBefore = await suite.db.db.selectFrom('audit_events').select('id').execute();
  const statuses: Record<number, number> = {};
  for (let i = 0; i < 230; i++) {
    const res = await suite.api.call('POST', `${B}/login`, { body: { username: s.nurse.email, password: `wrong-${i}` }, headers: { 'X-Forwarded-For': `198.51.100.${i % 200}` } });
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
  expect(statuses[401]).toBeGreaterThanOrEqual(5);
  expect((await suite.db.db.selectFrom('audit_events').select('id').execute()).length).toBe(trailBefore.length);
  const after = await suite.api.call('GET', `${B}/staff/audit`, { token: s.staff.token });
  expect(after.body).toEqual(before.body);

  const events = await suite.api.call('GET', `${B}/staff/security-events`, { token: s.staff.token });
  expect(events.status).toBe(200);
  // Counted per 15-minute window: a run that crosses a window's end has two rows of one kind, so sum them.
  const summed = (rows: { action: string; count: number; subjectUserId?: number }[]) => {
    const by = new Map<string, [string, number, number | undefined]>();
    for (const e of rows) {
      const k = `${e.action}:${e.subjectUserId}`;
      const had = by.get(k);
      by.set(k, [e.action, (had?.[1] ?? 0) + e.count, e.subjectUserId]);
    }
    return [...by.values()];
  };
  expect(summed(events.body).sort()).toEqual(
    [
      ['locked_out', statuses[429] ?? 0, s.nurse.id],
      ['sign_in_failed', statuses[401], s.nurse.id],
    ].sort(),
  );
  expect(events.body[0]).toMatchObject({ firstAt: expect.any(String), lastAt: expect.any(String), clientIp: expect.stringMatching(/^198\.51\.100\./) });
  const refused = await suite.api.call('GET', `${B}/staff/security-events?action=sign_in_failed`, { token: s.staff.token });
  expect(summed(refused.body).map(([action, count]) => [action, count])).toEqual([['sign_in_failed', statuses[401]]]);
  const firstOnly = await suite.api.call('GET', `${B}/staff/security-events?limit=1`, { token: s.staff.token });
  expect(firstOnly.body).toEqual([events.body[0]]);
  const rest = await suite.api.call('GET', `${B}/staff/security-events?limit=1&before=${events.body[0].id}`, { token: s.staff.token });
  expect(rest.body).toEqual([events.body[1]]);
  expect((await suite.api.call('GET', `${B}/staff/security-events?action=sign_in`, { token: s.staff.token })).status).toBe(400);
  expect((await suite.api.call('GET', `${B}/staff/security-events`, { token: s.owner.token })).status).toBe(403);
});

test('both views page (limit, before) and filter (action, actorKind)', async () => {
  const s = await labWithReads();
  expect((await suite.api.call('PUT', `${B}/staff/orders/${s.order.id}/results`, { token: s.staff.token, body: { entries: [] } })).status).toBeLessThan(500);
  const all = await suite.api.call('GET', `${B}/staff/audit`, { token: s.staff.token });
  const page1 = await suite.api.call('GET', `${B}/staff/audit?limit=2`, { token: s.staff.token });
  expect(page1.body.map((r: { id: number }) => r.id)).toEqual(all.body.slice(0, 2).map((r: { id: number }) => r.id));
  const page2 = await suite.api.call('GET', `${B}/staff/audit?limit=2&before=${page1.body[1].id}`, { token: s.staff.token });
  expect(page2.body.map((r: { id: number }) => r.id)).toEqual(all.body.slice(2, 4).map((r: { id: number }) => r.id));
  const reads = await suite.api.call('GET', `${B}/staff/audit?action=health_read&actorKind=staff`, { token: s.staff.token });
  expect(reads.body.length).toBe(3);
  expect(new Set(reads.body.map((r: { action: string }) => r.action))).toEqual(new Set(['health_read']));
  const mine = await suite.api.call('GET', `${B}/users/current/audit?limit=1`, { token: s.owner.token });
  expect(mine.body).toHaveLength(1);
  const next = await suite.api.call('GET', `${B}/users/current/audit?limit=1&before=${mine.body[0].id}`, { token: s.owner.token });
  expect(next.body).toHaveLength(1);
  expect(next.body[0].id).toBeLessThan(mine.body[0].id);
  for (const bad of ['limit=0', 'limit=1000', 'before=x', 'action=drop', 'actorKind=robot']) {
    const res = await suite.api.call('GET', `${B}/staff/audit?${bad}`, { token: s.staff.token });
    expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
  }
});

test('anonymous security events are purged after the retention period; those about an account are kept a year', async () => {
  const now = new Date();
  const old = new Date(now.getTime() - 40 * 86400000).toISOString();
  const user = await createUser(suite.db.db);
  await suite.db.db
    .insertInto('security_events')
    .values([
      { key: `test-anon-${now.getTime()}`, window_start: old, action: 'sign_in_failed', subject_user_id: null, laboratory_id: null, client_ip: '192.0.2.1', count: 3, first_at: old, last_at: old },
      { key: `test-known-${now.getTime()}`, window_start: old, action: 'sign_in_failed', subject_user_id: user.id, laboratory_id: null, client_ip: '192.0.2.1', count: 3, first_at: old, last_at: old },
    ])
    .execute();
  await purgeOldRows(suite.db.db, now);
  const left = await suite.db.db.selectFrom('security_events').select('key').where('key', 'like', `test-%-${now.getTime()}`).execute();
  expect(left.map((r) => r.key)).toEqual([`test-known-${now.getTime()}`]);
});

test('a share link can be opened only so often (per link and per client address)', async () => {
  const s = await labWithReads();
  await suite.api.call('PUT', `${B}/staff/orders/${s.order.id}/results`, { token: s.staff.token, body: { entries: [{ patientId: s.patientId, analysisId: (await suite.db.db.selectFrom('order_lines').select('analysis_id').where('order_id', '=', s.order.id).executeTakeFirstOrThrow()).analysis_id, value: 5 }] } });
  const share = await suite.api.call('POST', `${B}/test-results/${s.order.id}/patients/${s.patientId}/shares`, { token: s.owner.token, body: { days: 7 } });
  expect(share.status).toBe(201);
  const token = String(share.body.url).split('/').pop();
  const base = getConfig();
  setConfigForTests({ ...base, rateLimits: { ...base.rateLimits, enabled: true, share: { perIp: 100, perKey: 3 } } });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await suite.api.call('GET', `${B}/shared-results/${token}`, { headers: { 'X-Forwarded-For': `192.0.2.${60 + i}` } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  } finally {
    setConfigForTests(base);
  }
});
