import crypto from 'node:crypto';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '@/server/testing/orderFixtures';
import { createShare } from './shares';

/** Share links to a doctor over the real routes: creation, opening without login, expiry and revocation. */
let tdb: TestDb;
let api: TestApiServer;
jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

beforeAll(async () => {
  tdb = await createTestDb({ seed: false });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

async function scenario() {
  const labId = await createLab(tdb.db);
  const glucose = await createAnalysis(tdb.db, { name: 'Glucose', unit: 'mmol/L', ucum: 'mmol/L', loinc: '14771-0', ranges: [{ low: 3.9, high: 5.6 }] });
  const owner = await createUser(tdb.db, { firstName: 'Owner', lastName: 'Account' });
  const other = await createUser(tdb.db);
  const staff = await createUser(tdb.db, { role: 'staff', staffLaboratoryId: labId });
  const patient = await createPatient(tdb.db, owner.id, { firstName: 'Łucja', lastName: 'Żółć', gender: 'female', dateOfBirth: '1985-05-05', isUser: true });
  const sibling = await createPatient(tdb.db, owner.id, { firstName: 'Jan', lastName: 'Żółć', gender: 'male', dateOfBirth: '2010-01-01' });
  const slot = await createSlot(tdb.db, labId, 30);
  const order = await createOrder(tdb.db, {
    userId: owner.id,
    laboratoryId: labId,
    slotId: slot.id,
    lines: [
      { patientId: patient, analysisId: glucose },
      { patientId: sibling, analysisId: glucose },
    ],
  });
  for (const status of ['visit_confirmed', 'sample_collected', 'in_lab']) {
    await api.call('POST', `/api/backend/staff/orders/${order.id}/status`, { token: staff.token, body: { status } });
  }
  await api.call('PUT', `/api/backend/staff/orders/${order.id}/results`, {
    token: staff.token,
    body: { entries: [{ patientId: patient, analysisId: glucose, value: 7.1 }, { patientId: sibling, analysisId: glucose, value: 4.2 }] },
  });
  const base = `/api/backend/test-results/${order.id}/patients/${patient}/shares`;
  return { owner, other, staff, patient, sibling, order, base };
}

const tokenOf = (url: string) => url.split('/shared/results/')[1] as string;

test('the owner creates a link (7 days by default, 1 to 30), the token is long and stored only hashed', async () => {
  const s = await scenario();
  const before = Date.now();
  const created = await api.call('POST', s.base, { token: s.owner.token, body: {} });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ id: expect.any(Number), url: expect.stringMatching(/^http:\/\/localhost:3000\/shared\/results\/[A-Za-z0-9_-]{43}$/), state: 'active', lastOpenedAt: null });
  const days = (Date.parse(created.body.expiresAt) - before) / 86_400_000;
  expect(days).toBeGreaterThan(6.99);
  expect(days).toBeLessThan(7.01);
  const token = tokenOf(created.body.url);
  expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  const stored = await tdb.db.selectFrom('result_shares').selectAll().where('id', '=', created.body.id).executeTakeFirstOrThrow();
  expect(stored.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
  expect(JSON.stringify(stored)).not.toContain(token);

  const thirty = await api.call('POST', s.base, { token: s.owner.token, body: { days: 30 } });
  expect((Date.parse(thirty.body.expiresAt) - Date.now()) / 86_400_000).toBeGreaterThan(29.9);
  for (const days of [0, 31, 1.5, 'week']) {
    const bad = await api.call('POST', s.base, { token: s.owner.token, body: { days } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('days');
  }
  // Only the owner: another user and staff see nothing.
  expect((await api.call('POST', s.base, { token: s.other.token, body: {} })).status).toBe(404);
  expect((await api.call('GET', s.base, { token: s.other.token })).status).toBe(404);
  expect((await api.call('POST', s.base, { token: s.staff.token, body: {} })).status).toBe(404);
  expect((await api.call('DELETE', `${s.base}/${created.body.id}`, { token: s.other.token })).status).toBe(404);
  expect((await api.call('POST', s.base, { body: {} })).status).toBe(401);
});

test('the link opens without login with the patient\'s name and results only; each opening is recorded; revoked it is 410', async () => {
  const s = await scenario();
  const created = await api.call('POST', s.base, { token: s.owner.token, body: { days: 3 } });
  const token = tokenOf(created.body.url);
  const open = await api.call('GET', `/api/backend/shared-results/${token}`);
  expect(open.status).toBe(200);
  expect(open.body.patient).toEqual({ firstName: 'Łucja', lastName: 'Żółć', dateOfBirth: '1985-05-05', gender: 'female' });
  expect(open.body.results).toHaveLength(1);
  expect(open.body.results[0]).toMatchObject({ analysisName: 'Glucose', value: 7.1, refLow: 3.9, refHigh: 5.6, interpretation: 'H' });
  const text = JSON.stringify(open.body);
  expect(text).not.toContain('Owner');
  expect(text).not.toContain(s.owner.email);
  expect(text).not.toContain('Jan');
  await api.call('GET', `/api/backend/shared-results/${token}`);
  const listed = await api.call('GET', s.base, { token: s.owner.token });
  expect(listed.body).toHaveLength(1);
  expect(listed.body[0]).toMatchObject({ id: created.body.id, openCount: 2, state: 'active', lastOpenedAt: expect.any(String) });
  expect(listed.body[0]).not.toHaveProperty('url');
  expect(await tdb.db.selectFrom('result_share_openings').select('id').where('share_id', '=', created.body.id).execute()).toHaveLength(2);

  const pdf = await fetch(`${api.url}/api/backend/shared-results/${token}/pdf`);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  const fhir = await fetch(`${api.url}/api/backend/shared-results/${token}/fhir`);
  expect(fhir.status).toBe(200);
  expect(fhir.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
  const bundle = await fhir.json();
  expect(bundle.entry.filter((e: { resource: { resourceType: string } }) => e.resource.resourceType === 'Patient')).toHaveLength(1);

  expect((await api.call('DELETE', `${s.base}/${created.body.id}`, { token: s.owner.token })).status).toBe(204);
  expect((await api.call('GET', `/api/backend/shared-results/${token}`)).status).toBe(410);
  expect((await fetch(`${api.url}/api/backend/shared-results/${token}/pdf`)).status).toBe(410);
  expect((await fetch(`${api.url}/api/backend/shared-results/${token}/fhir`)).status).toBe(410);
  expect((await api.call('GET', s.base, { token: s.owner.token })).body[0]).toMatchObject({ state: 'revoked', revokedAt: expect.any(String), openCount: 2 });
  // Revoking again is harmless; unknown tokens are 404.
  expect((await api.call('DELETE', `${s.base}/${created.body.id}`, { token: s.owner.token })).status).toBe(204);
  expect((await api.call('GET', `/api/backend/shared-results/${'x'.repeat(43)}`)).status).toBe(404);
});

test('a link expires after its days', async () => {
  const s = await scenario();
  const user = { id: s.owner.id, email: s.owner.email, role: 'patient' as const, staffLaboratoryId: null };
  const longAgo = new Date(Date.now() - 2 * 86_400_000);
  const old = await createShare(tdb.db, user, s.order.id, s.patient, 1, longAgo);
  const gone = await api.call('GET', `/api/backend/shared-results/${tokenOf(old.url)}`);
  expect(gone.status).toBe(410);
  expect(gone.body.error).toBe('This link has expired or was revoked');
  const almost = await createShare(tdb.db, user, s.order.id, s.patient, 1, new Date(Date.now() - 86_400_000 + 60_000));
  expect((await api.call('GET', `/api/backend/shared-results/${tokenOf(almost.url)}`)).status).toBe(200);
  const states = (await api.call('GET', s.base, { token: s.owner.token })).body.map((x: { state: string }) => x.state).sort();
  expect(states).toEqual(['active', 'expired']);
});
