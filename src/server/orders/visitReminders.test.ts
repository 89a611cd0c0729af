import { getConfig, setConfigForTests } from '@/server/config';
import { openDb } from '@/server/db/createDb';
import { parseMail } from '@/server/testing/outbox';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { startSmtpSink, type SmtpSink } from '@/server/testing/smtpSink';
import { createFixturePatient, createFixtureSlot, createFixtureUser, seedShopFixture, type FixtureUser, type ShopFixture } from '@/server/testing/shopFixtures';
import { runJobsOnce } from '@/server/jobList';
import { listJobs } from '@/server/jobs/queue';
import { JOB } from '@/server/jobs/specs';
import { backgroundSettled } from '@/server/background';
import { makeJobsDue } from '@/server/testing/jobs';

/**
 * Visit reminders through the job queue (the jobs table on SQLite, pg-boss on PostgreSQL), the mail
 * outbox and a real SMTP server: once per order whatever the number of runs and concurrent runners;
 * never for a cancelled visit; after a move only for the new time.
 */
let db: TestDb;
let api: TestApiServer;
let fx: ShopFixture;
let smtp: SmtpSink;

beforeAll(async () => {
  db = await createTestDb({ seed: false });
  fx = await seedShopFixture(db.db);
  api = await startApiServer();
  smtp = await startSmtpSink();
  setConfigForTests({ ...getConfig(), smtpUrl: smtp.url, reminderLeadHours: 24 });
});
afterAll(async () => {
  await api.close();
  await smtp.close();
  await db.cleanup();
});

const address = { city: 'Warsaw', postalCode: '00-683', street: 'Marszałkowska 10', entry: '2', floor: '3', apartment: '14', intercomCode: '12#', notes: 'Ring twice' };
const feedback = { useEmail: true, usePhone: false, quickPhone: '' };

/** Places an order (CBC for two patients, glucose with the gel tube brought by Anna) and returns its id and visit start. */
async function placeOrder(opts: { daysAhead?: number; lang?: string } = {}): Promise<{ user: FixtureUser; orderId: number; start: string }> {
  const user = await createFixtureUser(db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(db.db, user.id, { firstName: 'Anna' });
  const jan = await createFixturePatient(db.db, user.id, { firstName: 'Jan', gender: 'male' });
  await api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: fx.analyses.cbc, patientIds: [anna, jan] } });
  await api.call('POST', '/api/cart/add-to-cart', {
    token: user.token,
    body: { analysisId: fx.analyses.glucose, patientIds: [anna], updateToIsBoughtOptionalMaterialMap: { [fx.materials.gelTube]: false } },
  });
  const slot = await createFixtureSlot(db.db, 'fx-waw', 50, opts.daysAhead ?? 2);
  const res = await api.call('POST', '/api/order/create', {
    token: user.token,
    headers: opts.lang ? { Cookie: `lang=${opts.lang}` } : {},
    body: { laboratoryId: 'fx-waw', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: address, feedbackDetails: feedback },
  });
  expect(res.status).toBe(200);
  return { user, orderId: res.body.orderId as number, start: slot.start };
}

/** Reminder mails received for the order. */
const reminders = (orderId: number) => smtp.messages.map((m) => ({ ...parseMail(m.data), rcpt: m.to })).filter((m) => m.messageId.startsWith(`<visit-reminder-${orderId}-`));

/** When the waiting reminders are due (the first test has one order). */
async function remindersDue(): Promise<number[]> {
  return (await listJobs(db.db)).filter((j) => j.name === JOB.visitReminder && j.state === 'pending').map((j) => Date.parse(j.runAt));
}

test('the reminder waits for the lead time, then goes out once, in the user language, with preparation and what to have ready', async () => {
  const { user, orderId, start } = await placeOrder({ lang: 'ru' });
  await backgroundSettled();
  expect(reminders(orderId)).toHaveLength(0);
  expect(await remindersDue()).toEqual([Date.parse(start) - 24 * 3_600_000]);

  await makeJobsDue(db.db, JOB.visitReminder);
  await backgroundSettled();
  await backgroundSettled();
  const sent = reminders(orderId);
  expect(sent).toHaveLength(1);
  const mail = sent[0]!;
  expect(mail.rcpt).toEqual([user.email]);
  const number = (await db.db.selectFrom('orders').select('number').where('id', '=', orderId).executeTakeFirstOrThrow()).number;
  const when = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Warsaw', hour: '2-digit', minute: '2-digit' }).format(new Date(start));
  expect(mail.subject).toContain(`Напоминание: визит медсестры`);
  expect(mail.subject).toContain(number);
  expect(mail.text).toContain(when);
  expect(mail.text).toContain('Marszałkowska 10');
  expect(mail.text).not.toContain('12#');
  // The strictest fasting of the order (glucose 8 h over CBC 4 h) and glucose's own instruction.
  expect(mail.text).toContain('Не ешьте 8 часов до визита');
  expect(mail.text).toContain('Glucose: Do not drink sweet drinks the evening before.');
  expect(mail.text).toContain('документ, удостоверяющий личность');
  expect(mail.text).toMatch(/Gel tube.*Anna/);
  expect(mail.text).toContain(`http://localhost:3000/orders/${orderId}`);
});

test('runners racing many times send one reminder per order (separate connections on PostgreSQL)', async () => {
  const orders = [];
  for (let i = 0; i < 6; i++) orders.push(await placeOrder({ daysAhead: 4 }));
  await makeJobsDue(db.db, JOB.visitReminder);
  // On SQLite the racing runners share the process's one connection, as the app's do: two
  // better-sqlite3 connections in one process block each other (a busy wait stops the event loop the
  // lock holder needs). Several worker processes are the kill run's case (bench/jobsKill.ts, PostgreSQL).
  const pg = db.kind === 'postgres';
  const a = pg ? await openDb(getConfig().database) : db;
  const b = pg ? await openDb(getConfig().database) : db;
  try {
    for (let round = 0; round < 4; round++) {
      await Promise.all([runJobsOnce(a.db), runJobsOnce(b.db), runJobsOnce(a.db), runJobsOnce(b.db)]);
    }
  } finally {
    if (pg) {
      await a.destroy();
      await b.destroy();
    }
  }
  await backgroundSettled();
  for (const o of orders) expect(reminders(o.orderId)).toHaveLength(1);
});

test('a cancelled visit gets no reminder', async () => {
  const { user, orderId } = await placeOrder({ daysAhead: 5 });
  const res = await api.call('POST', `/api/backend/orders/${orderId}/cancel`, { token: user.token });
  expect(res.status).toBe(200);
  await makeJobsDue(db.db, JOB.visitReminder);
  await backgroundSettled();
  expect(reminders(orderId)).toHaveLength(0);
});

test('after a move only the new time is reminded', async () => {
  const { user, orderId } = await placeOrder({ daysAhead: 6 });
  const later = await createFixtureSlot(db.db, 'fx-waw', 5, 8);
  const res = await api.call('POST', `/api/backend/orders/${orderId}/reschedule`, { token: user.token, body: { slotId: later.id } });
  expect(res.status).toBe(200);
  await makeJobsDue(db.db, JOB.visitReminder);
  await backgroundSettled();
  const sent = reminders(orderId);
  expect(sent).toHaveLength(1);
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(later.start));
  expect(sent[0]!.text).toContain(day);
});

test('an order whose visit is closer than the lead time gets no reminder', async () => {
  setConfigForTests({ ...getConfig(), reminderLeadHours: 24 * 10 });
  try {
    const { orderId } = await placeOrder({ daysAhead: 2 });
    await makeJobsDue(db.db, JOB.visitReminder);
    await backgroundSettled();
    expect(reminders(orderId)).toHaveLength(0);
  } finally {
    setConfigForTests({ ...getConfig(), reminderLeadHours: 24 });
  }
});
