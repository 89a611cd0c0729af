import { scheduleVisitReminder } from '@/server/orders/visitReminderSchedule';
import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';

/** GET users/current/export over HTTP (SQLite and PostgreSQL): one JSON attachment with everything about the account and no secret. */
const suite = setUpApiSuite();

jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual('@/server/mail/mailer'), sendMail: jest.fn(async () => undefined) }));

const B = '/api/backend';

test('the archive holds profile, patients, orders, results with revisions, shares, sessions and audit records, without hashes or tokens', async () => {
  const labId = await createLab(suite.db.db);
  const analysis = await createAnalysis(suite.db.db, { name: 'Glucose' });
  const owner = await createUser(suite.db.db, { firstName: 'Ewa', lastName: 'Eksport' });
  const other = await createUser(suite.db.db);
  const patientId = await createPatient(suite.db.db, owner.id, { firstName: 'Kuba', isUser: true });
  await createPatient(suite.db.db, other.id, { firstName: 'Stranger' });
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: labId });
  const slot = await createSlot(suite.db.db, labId, 72);
  const order = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: labId, slotId: slot.id, lines: [{ patientId, analysisId: analysis }], status: 'in_lab' });
  const put = (value: number, correctionReason?: string) =>
    suite.api.call('PUT', `${B}/staff/orders/${order.id}/results`, { token: staff.token, body: { entries: [{ patientId, analysisId: analysis, value, correctionReason }] } });
  expect((await put(5.1)).status).toBe(200);
  expect((await put(6.4, 'Re-run')).status).toBe(200);
  const share = await suite.api.call('POST', `${B}/test-results/${order.id}/patients/${patientId}/shares`, { token: owner.token, body: { days: 7 } });
  const shareToken = String(share.body.url).split('/').pop() as string;

  // A share opening from a doctor's address, failed sign-ins and a reset request for the address, a reminder job.
  expect((await suite.api.call('GET', `${B}/shared-results/${shareToken}`, { headers: { 'X-Forwarded-For': '203.0.113.77' } })).status).toBe(200);
  expect((await suite.api.call('GET', `${B}/staff/orders/${order.id}`, { token: staff.token, headers: { 'X-Forwarded-For': '203.0.113.88' } })).status).toBe(200);
  expect((await suite.api.call('POST', `${B}/login`, { body: { username: owner.email, password: 'not it at all' } })).status).toBe(401);
  // The order's reminder, scheduled on the job queue (the jobs table here, pg-boss on PostgreSQL).
  await scheduleVisitReminder(suite.db.db, order.id, new Date(Date.now() + 3 * 86400000).toISOString());
  const at = new Date().toISOString();
  await suite.db.db.insertInto('sessions').values({ user_id: owner.id, created_at: at, last_used_at: at, idle_seconds: 1800, idle_expires_at: at, absolute_expires_at: at, user_agent: 'Firefox/Linux', revoked_at: null, revoked_reason: null }).execute();
  const res = await fetch(`${suite.api.url}${B}/users/current/export`, { headers: { Authorization: `Bearer ${owner.token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="lab-shop-account-\d+-\d{4}-\d{2}-\d{2}\.json"$/);
  const text = await res.text();
  const archive = JSON.parse(text);
  expect(archive.format).toBe('lab-shop-account-export/2');
  expect(archive.profile).toMatchObject({ id: owner.id, email: owner.email, first_name: 'Ewa', last_name: 'Eksport' });
  expect(archive.patients.map((p: { first_name: string }) => p.first_name)).toEqual(['Kuba']);
  expect(archive.orders).toHaveLength(1);
  expect(archive.orders[0]).toMatchObject({ id: order.id, number: order.number, patientsAsOrdered: [expect.objectContaining({ first_name: 'Kuba' })] });
  expect(archive.orders[0].results).toEqual([expect.objectContaining({ value_num: 6.4, analysis_name: 'Glucose', revisions: [expect.objectContaining({ value_num: 5.1, reason: 'Re-run' })] })]);
  expect(archive.shareLinks).toHaveLength(1);
  expect(archive.accessTokens).toEqual([expect.objectContaining({ kind: 'access' })]);
  expect(archive.sessions).toEqual([expect.objectContaining({ created_at: at, user_agent: 'Firefox/Linux', revoked_at: null })]);
  expect(archive).not.toHaveProperty('signIns');
  expect(archive.auditRecords.map((r: { action: string }) => r.action)).toEqual(expect.arrayContaining(['health_write', 'account_exported']));
  // Each opening of a share link, the attempts counted against the address, the security events, the scheduled reminders.
  expect(archive.shareOpenings).toEqual([expect.objectContaining({ share_id: archive.shareLinks[0].id, at: expect.any(String) })]);
  expect(archive.limitAttempts.map((a: { key: string }) => a.key)).toEqual(expect.arrayContaining([`email:${owner.email}`]));
  expect(archive.securityEvents).toEqual([expect.objectContaining({ action: 'sign_in_failed', count: 1 })]);
  expect(archive.scheduledJobs).toEqual([expect.objectContaining({ kind: 'visit-reminder', state: 'pending' })]);
  // The mails sent to the account's address: what and when, never the body.
  expect(archive.mails.length).toBeGreaterThan(0);
  expect(JSON.stringify(archive.mails)).not.toMatch(/text_body|Hello/);
  expect(archive.promoRedemptions).toEqual([]);
  // Other people's addresses (the staff member's, the doctor's) are not disclosed.
  expect(text).not.toContain('203.0.113.77');
  expect(text).not.toContain('203.0.113.88');
  expect(archive.auditRecords.filter((r: { actor_kind: string }) => r.actor_kind !== 'patient').every((r: object) => !('client_ip' in r))).toBe(true);
  // No secret: no password hash, no token or share-link hash, not the token itself; nothing of another account.
  expect(text).not.toMatch(/password_hash|token_hash/);
  expect(text).not.toContain(owner.token);
  expect(text).not.toContain(shareToken);
  expect(text).not.toContain('Stranger');
  expect(text).not.toContain(other.email);

  expect((await suite.api.call('GET', `${B}/users/current/export`)).status).toBe(401);
});
