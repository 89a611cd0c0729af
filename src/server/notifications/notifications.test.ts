import webpush from 'web-push';
import { getConfig, setConfigForTests } from '../config';
import { setUpApiSuite } from '../testing/shopSuite';
import { createAnalysis, createLab, createOrder, createPatient, createUser } from '../testing/orderFixtures';
import { soonToday } from '../testing/soonToday';
import { startFakePush, type FakePush } from '../testing/fakePush';
import { makeJobsDue } from '../testing/jobs';
import { runJobsOnce } from '@/server/jobList';
import { listJobsByKey } from '../jobs/queue';
import { JOB } from '../jobs/specs';
import { NOTIFICATION_EVENTS, type NotificationSettingsDto } from '@/shared/types/notifications';
import { notify } from './notify';

/**
 * Notifications over the real API (SQLite and PostgreSQL): the settings per event and channel, a
 * device's subscription, and the pushes as a device receives them from a push service on this machine
 * (decrypted with the device's key, the VAPID signature checked): the words of each notice, never an
 * analysis name, a value or a patient's name; a 410 removes the device; sign-out removes it; quiet
 * hours hold non-urgent pushes until 07:00 in the laboratory's zone.
 */
const suite = setUpApiSuite();

interface SentMail {
  to: string;
  subject: string;
  text: string;
}
const sent: SentMail[] = [];
jest.mock('../mail/mailer', () => ({
  ...jest.requireActual<object>('../mail/mailer'),
  sendMail: jest.fn(async (mail: SentMail) => {
    sent.push(mail);
  }),
}));

const B = '/api/backend';
let push: FakePush;
const vapid = webpush.generateVAPIDKeys();

beforeAll(async () => {
  push = await startFakePush();
  setConfigForTests({ ...getConfig(), push: { vapid: { ...vapid, subject: 'mailto:ops@example.test' }, serviceHosts: ['127.0.0.1'] } });
});
afterAll(async () => {
  setConfigForTests();
  await push.close();
});

/** Runs the due jobs, the held ones too (a push waiting for the end of the quiet hours). */
async function deliver(): Promise<void> {
  await makeJobsDue(suite.db.db, JOB.pushSend);
  await runJobsOnce(suite.db.db);
}

async function world() {
  const lab = await createLab(suite.db.db);
  const analysisId = await createAnalysis(suite.db.db, { name: 'Ferritin', refLow: 15, refHigh: 150, unit: 'ug/L' });
  const owner = await createUser(suite.db.db, { firstName: 'Ewa', lastName: 'Zielińska' });
  const patientId = await createPatient(suite.db.db, owner.id, { firstName: 'Łucja', lastName: 'Żółć' });
  const staff = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab });
  const nurse = await createUser(suite.db.db, { role: 'staff', staffLaboratoryId: lab, staffRole: 'nurse', firstName: 'Nina' });
  const start = soonToday(10, 'Europe/Warsaw');
  const slotId = (await suite.db.db.insertInto('nurse_slots').values({ laboratory_id: lab, start_at: start.toISOString(), end_at: new Date(start.getTime() + 7200_000).toISOString(), capacity: 2, booked: 0 }).returning('id').executeTakeFirstOrThrow()).id;
  const order = await createOrder(suite.db.db, { userId: owner.id, laboratoryId: lab, slotId, lines: [{ patientId, analysisId }], status: 'visit_confirmed', useEmail: true });
  expect((await suite.api.call('PUT', `${B}/staff/orders/${order.id}/nurse`, { token: staff.token, body: { nurseUserId: nurse.id } })).status).toBe(200);
  return { lab, analysisId, owner, patientId, staff, nurse, order };
}

async function subscribe(token: string) {
  const device = push.subscribe();
  const res = await suite.api.call('POST', `${B}/users/current/push-subscriptions`, { token, body: device });
  expect(res.status).toBe(201);
  return device;
}

/** What no notification may hold: the analysis, its value, the patient's and the account holder's names. */
function expectNoHealthData(text: string) {
  for (const word of ['Ferritin', 'Łucja', 'Żółć', 'Ewa', 'Zielińska', '137']) expect(text).not.toContain(word);
}

test('settings: every event on by e-mail and push by default; a choice is kept; a critical result is always mailed; bad input is a 400 naming the field', async () => {
  const w = await world();
  const url = `${B}/users/current/notifications`;
  const first = await suite.api.call('GET', url, { token: w.owner.token });
  expect(first.status).toBe(200);
  expect(first.body).toEqual({
    events: NOTIFICATION_EVENTS.map((event) => ({ event, email: true, push: true })),
    pushPublicKey: vapid.publicKey,
    quietHours: { start: '22:00', end: '07:00' },
  } satisfies NotificationSettingsDto);

  const saved = await suite.api.call('PUT', url, {
    token: w.owner.token,
    body: { events: [{ event: 'results_ready', email: false, push: true }, { event: 'critical_result', email: false, push: false }] },
  });
  expect(saved.status).toBe(200);
  const byEvent = Object.fromEntries((saved.body as NotificationSettingsDto).events.map((e) => [e.event, e]));
  expect(byEvent.results_ready).toEqual({ event: 'results_ready', email: false, push: true });
  expect(byEvent.critical_result).toEqual({ event: 'critical_result', email: true, push: false });
  expect(byEvent.on_the_way).toEqual({ event: 'on_the_way', email: true, push: true });
  // Another account's settings are its own.
  const other = await createUser(suite.db.db);
  expect((await suite.api.call('GET', url, { token: other.token })).body.events[2]).toEqual({ event: 'results_ready', email: true, push: true });

  for (const body of [{ events: [{ event: 'birthday', email: true, push: true }] }, { events: [{ event: 'results_ready', email: 'yes', push: true }] }, { events: 'all' }, {}]) {
    const bad = await suite.api.call('PUT', url, { token: w.owner.token, body });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {}).some((f) => f.startsWith('events'))).toBe(true);
  }
  expect((await suite.api.call('GET', url)).status).toBe(401);
});

test('a device subscribes only at a listed push service; another address is a 400 naming the endpoint; DELETE removes it', async () => {
  const w = await world();
  const url = `${B}/users/current/push-subscriptions`;
  const device = push.subscribe();
  for (const endpoint of ['http://10.0.0.7/push/1', 'https://169.254.169.254/latest', 'file:///etc/passwd', 'https://evil.example/fcm.googleapis.com']) {
    const bad = await suite.api.call('POST', url, { token: w.owner.token, body: { ...device, endpoint } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('endpoint');
  }
  const badKeys = await suite.api.call('POST', url, { token: w.owner.token, body: { endpoint: device.endpoint, keys: { p256dh: 'short', auth: device.keys.auth } } });
  expect(badKeys.status).toBe(400);
  expect(Object.keys(badKeys.body.fields)).toContain('keys.p256dh');

  expect((await suite.api.call('POST', url, { token: w.owner.token, body: device })).status).toBe(201);
  const rows = () => suite.db.db.selectFrom('push_subscriptions').select(['user_id', 'endpoint']).where('endpoint', '=', device.endpoint).execute();
  expect(await rows()).toEqual([{ user_id: w.owner.id, endpoint: device.endpoint }]);
  expect((await suite.api.call('DELETE', url, { token: w.owner.token, body: { endpoint: device.endpoint } })).status).toBe(204);
  expect(await rows()).toEqual([]);
});

test('nurse on the way: the device gets a VAPID-signed, encrypted push with the nurse\'s first name, the window and nothing of health; the mail says the same', async () => {
  const w = await world();
  const device = await subscribe(w.owner.token);
  const before = push.received.length;
  const start = new Date(Date.now() + 20 * 60_000);
  const end = new Date(Date.now() + 50 * 60_000);
  const res = await suite.api.call('POST', `${B}/staff/visits/${w.order.id}/state`, { token: w.nurse.token, body: { state: 'on_the_way', arrivalStart: start.toISOString(), arrivalEnd: end.toISOString() } });
  expect(res.status).toBe(200);
  await deliver();
  const got = (await push.waitFor(before + 1)).filter((p) => p.endpoint === device.endpoint);
  expect(got).toHaveLength(1);
  const hm = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
  expect(got[0]?.payload).toEqual({ title: 'Lab shop', body: `Your nurse Nina is on the way, arriving ${hm(start)}–${hm(end)} (Warsaw time).`, url: `/orders/${w.order.id}`, tag: `on_the_way-${w.order.id}` });
  expect(got[0]?.vapidVerified).toBe(true);
  expect(got[0]?.headers.ttl).toBe('86400');
  expectNoHealthData(JSON.stringify(got[0]?.payload));

  const mail = sent.find((m) => m.to === w.owner.email && m.subject === 'Your nurse is on the way');
  expect(mail?.text).toContain(`Your nurse Nina is on the way, arriving ${hm(start)}–${hm(end)} (Warsaw time).`);
  expect(mail?.text).toContain(`/orders/${w.order.id}`);
  expectNoHealthData(mail?.text ?? '');
});

test('results ready: one push and one mail when the last result is final, none when the channel is off', async () => {
  const w = await world();
  const device = await subscribe(w.owner.token);
  await suite.db.db.updateTable('orders').set({ status: 'in_lab' }).where('id', '=', w.order.id).execute();
  const enter = (value: number, extra: object = {}) =>
    suite.api.call('PUT', `${B}/staff/orders/${w.order.id}/results`, { token: w.staff.token, body: { entries: [{ patientId: w.patientId, analysisId: w.analysisId, value, ...extra }] } });
  expect((await enter(137.5)).body.status).toBe('completed');
  await deliver();
  const mine = () => push.received.filter((p) => p.endpoint === device.endpoint);
  await push.waitFor(push.received.length);
  expect(mine().map((p) => p.payload.body)).toEqual(['New results are ready in your account']);
  expect(mine()[0]?.payload.url).toBe(`/test-results/${w.order.id}/patients`);
  expectNoHealthData(JSON.stringify(mine()));
  const ready = sent.filter((m) => m.to === w.owner.email && m.subject === 'New results are ready in your account');
  expect(ready).toHaveLength(1);
  expectNoHealthData(ready[0]?.text ?? '');
  // A correction does not tell again.
  expect((await enter(138, { correctionReason: 'Re-run' })).status).toBe(200);
  await deliver();
  expect(mine()).toHaveLength(1);

  // With push off for "results ready", the next order's results come by mail only.
  const v = await world();
  expect((await suite.api.call('PUT', `${B}/users/current/notifications`, { token: v.owner.token, body: { events: [{ event: 'results_ready', email: true, push: false }] } })).status).toBe(200);
  const other = await subscribe(v.owner.token);
  await suite.db.db.updateTable('orders').set({ status: 'in_lab' }).where('id', '=', v.order.id).execute();
  expect((await suite.api.call('PUT', `${B}/staff/orders/${v.order.id}/results`, { token: v.staff.token, body: { entries: [{ patientId: v.patientId, analysisId: v.analysisId, value: 40 }] } })).status).toBe(200);
  await deliver();
  expect(push.received.filter((p) => p.endpoint === other.endpoint)).toEqual([]);
  expect(sent.filter((m) => m.to === v.owner.email && m.subject === 'New results are ready in your account')).toHaveLength(1);
});

test('quiet hours hold a non-urgent push until 07:00 in the laboratory zone; a critical one is not held', async () => {
  const w = await world();
  await subscribe(w.owner.token);
  // 23:30 in Warsaw (UTC+1 in winter).
  const late = new Date('2026-12-03T22:30:00Z');
  const base = { userId: w.owner.id, laboratoryId: w.lab, timeZone: 'Europe/Warsaw', mail: null, push: { title: 'Lab shop', body: 'x', url: '/', tag: 't' }, now: late };
  await notify(suite.db.db, { ...base, event: 'results_ready', key: `quiet-${w.order.id}` });
  await notify(suite.db.db, { ...base, event: 'critical_result', key: `urgent-${w.order.id}` });
  const [held] = await listJobsByKey(suite.db.db, JOB.pushSend, [`quiet-${w.order.id}`]);
  expect(held?.runAt && new Date(held.runAt).toISOString()).toBe('2026-12-04T06:00:00.000Z');
  const [urgent] = await listJobsByKey(suite.db.db, JOB.pushSend, [`urgent-${w.order.id}`]);
  expect(urgent && Date.parse(urgent.runAt)).toBeLessThanOrEqual(Date.now() + 1000);
});

test('a push service answering 410 removes the device; signing out removes the device of that session', async () => {
  const w = await world();
  const device = await subscribe(w.owner.token);
  push.gone(device.endpoint);
  const res = await suite.api.call('POST', `${B}/staff/visits/${w.order.id}/state`, { token: w.nurse.token, body: { state: 'on_the_way' } });
  expect(res.status).toBe(200);
  await deliver();
  expect(await suite.db.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', device.endpoint).execute()).toEqual([]);

  const email = `push-${Date.now()}@example.test`;
  const reg = await suite.api.call('POST', `${B}/register`, { body: { email, password: 'correct horse 1', firstName: 'Anna', lastName: 'Nowak' }, headers: { 'X-Forwarded-For': '10.77.0.1' } });
  expect(reg.status).toBe(201);
  const token = reg.body.accessToken as string;
  const phone = await subscribe(token);
  expect((await suite.api.call('POST', `${B}/logout`, { token })).status).toBe(204);
  expect(await suite.db.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', phone.endpoint).execute()).toEqual([]);
});

test('the data export lists the choices and the push devices (not their secret addresses); erasing the account removes both', async () => {
  const email = `push-export-${Date.now()}@example.test`;
  const password = 'correct horse 1';
  const reg = await suite.api.call('POST', `${B}/register`, { body: { email, password, firstName: 'Anna', lastName: 'Nowak' }, headers: { 'X-Forwarded-For': '10.77.0.2' } });
  expect(reg.status).toBe(201);
  const token = reg.body.accessToken as string;
  const device = await subscribe(token);
  expect((await suite.api.call('PUT', `${B}/users/current/notifications`, { token, body: { events: [{ event: 'on_the_way', email: false, push: true }] } })).status).toBe(200);
  const archive = await suite.api.call('GET', `${B}/users/current/export`, { token });
  expect(archive.status).toBe(200);
  expect(archive.body.notifications).toEqual({
    settings: [{ event: 'on_the_way', email: false, push: true, updatedAt: expect.any(String) }],
    pushDevices: [{ pushService: new URL(device.endpoint).host, createdAt: expect.any(String) }],
  });
  expect(JSON.stringify(archive.body)).not.toContain(device.endpoint);
  expect(JSON.stringify(archive.body)).not.toContain(device.keys.auth);

  const userId = (await suite.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  expect((await suite.api.call('DELETE', `${B}/users/current`, { token, body: { password } })).status).toBeLessThan(300);
  expect(await suite.db.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  expect(await suite.db.db.selectFrom('notification_settings').select('event').where('user_id', '=', userId).execute()).toEqual([]);
});
