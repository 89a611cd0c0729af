import { getConfig, setConfigForTests } from '../config';
import { parseMail } from '@/server/testing/outbox';
import { createTestDb, type TestDb } from '../testing/testDb';
import { startApiServer, type TestApiServer } from '../testing/apiServer';
import { startSmtpSink, type SmtpSink } from '../testing/smtpSink';
import { createFixturePatient, createFixtureSlot, createFixtureUser, seedShopFixture, type ShopFixture } from '../testing/shopFixtures';
import { createUser } from '../testing/orderFixtures';
import { makeJobsDue } from '../testing/jobs';
import { backgroundSettled } from '../background';
import { JOB } from '../jobs/specs';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * The mail outbox against a real SMTP server that goes down, stalls and rejects: requests answer
 * without waiting for SMTP, every mail owed is delivered once after the server is back, a permanent
 * 5xx dead-letters only that mail, and staff can retry it from the console.
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
  setConfigForTests({ ...getConfig(), smtpUrl: smtp.url, smtpConnectionTimeoutMs: 300 });
});
afterAll(async () => {
  await api.close();
  await smtp.close();
  await db.cleanup();
});
beforeEach(() => smtp.mode('up'));

const received = (to: string) => smtp.messages.filter((m) => m.to.includes(to)).map((m) => parseMail(m.data));
const outbox = (to: string) => db.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();

/** Retries are scheduled seconds ahead: the test makes them due instead of waiting. */
async function deliverDue(): Promise<void> {
  await makeJobsDue(db.db, JOB.mailSend);
  await backgroundSettled();
}

async function placeOrder(token: string, userId: number): Promise<number> {
  const anna = await createFixturePatient(db.db, userId, { firstName: 'Anna' });
  await api.call('POST', '/api/cart/add-to-cart', { token, body: { analysisId: fx.analyses.cbc, patientIds: [anna] } });
  const slot = await createFixtureSlot(db.db, 'fx-waw', 50, 3);
  const res = await api.call('POST', '/api/order/create', {
    token,
    settle: false,
    body: {
      laboratoryId: 'fx-waw',
      nurseCheckoutDate: slot.start,
      orderSlotId: slot.id,
      orderAddress: { city: 'Warsaw', postalCode: '00-683', street: 'Marszałkowska 10', entry: '', floor: '', apartment: '', intercomCode: '', notes: '' },
      feedbackDetails: { useEmail: true, usePhone: false, quickPhone: '' },
    },
  });
  expect(res.status).toBe(200);
  return res.body.orderId as number;
}

test('with SMTP down, registration, reset and checkout answer at once; every mail arrives once after SMTP is back', async () => {
  smtp.mode('refuse');
  const email = `outage-${Date.now()}@example.test`;
  const reg = await api.call('POST', '/api/backend/register', { settle: false, body: { email, password: 'Correct-Horse-Battery-9', firstName: 'Ewa', lastName: 'Kowalska' } });
  expect(reg.status).toBe(201);
  const reset = await api.call('POST', '/api/backend/users/password', { settle: false, body: { email } });
  expect(reset.status).toBe(200);
  const buyer = await createFixtureUser(db.db, { laboratoryId: 'fx-waw' });
  const orderId = await placeOrder(buyer.token, buyer.id);

  // The worker tries while SMTP is down: every attempt fails, nothing is lost.
  await backgroundSettled();
  await deliverDue();
  expect(received(email)).toHaveLength(0);
  expect(received(buyer.email)).toHaveLength(0);
  const owed = [...(await outbox(email)), ...(await outbox(buyer.email))];
  expect(owed.map((m) => m.kind).sort()).toEqual(['activation', 'orderConfirmation', 'passwordReset']);
  for (const m of owed) {
    expect(m.status).toBe('queued');
    expect(m.attempts).toBeGreaterThanOrEqual(2);
    expect(m.last_error).toBeTruthy();
  }

  smtp.mode('up');
  await deliverDue();
  await deliverDue();
  const toUser = received(email);
  expect(toUser.map((m) => m.subject).length).toBe(2);
  const toBuyer = received(buyer.email);
  expect(toBuyer).toHaveLength(1);
  expect(toBuyer[0]!.calendars.length).toBeGreaterThan(0);
  const number = (await db.db.selectFrom('orders').select('number').where('id', '=', orderId).executeTakeFirstOrThrow()).number;
  expect(toBuyer[0]!.subject).toContain(number);
  // Each mail once, with the Message-ID the outbox gave it.
  const sent = [...(await outbox(email)), ...(await outbox(buyer.email))];
  expect(sent.every((m) => m.status === 'sent' && m.sent_at)).toBe(true);
  expect(new Set([...toUser, ...toBuyer].map((m) => m.messageId))).toEqual(new Set(sent.map((m) => m.message_id)));
  // The body is not kept once sent.
  expect(sent.every((m) => m.text_body === '')).toBe(true);
});

test('a stalled SMTP server fails the attempt after the connection timeout, and the mail is sent when it answers again', async () => {
  smtp.mode('stall');
  const buyer = await createFixtureUser(db.db, { laboratoryId: 'fx-waw' });
  await placeOrder(buyer.token, buyer.id);
  const [queued] = await outbox(buyer.email);
  expect(queued?.status).toBe('queued');
  await backgroundSettled();
  const [afterTry] = await outbox(buyer.email);
  expect(afterTry?.status).toBe('queued');
  expect(afterTry?.last_error).toMatch(/timeout|timed out|greeting/i);
  smtp.mode('up');
  await deliverDue();
  expect(received(buyer.email)).toHaveLength(1);
});

test('a permanent 550 dead-letters that mail only; staff see it without its body and can retry it once the address works', async () => {
  const staff = await createUser(db.db, { role: 'staff', staffLaboratoryId: 'fx-waw' });
  const other = await createUser(db.db, { role: 'staff', staffLaboratoryId: 'fx-msk' });
  const bad = await createFixtureUser(db.db, { laboratoryId: 'fx-waw' });
  const good = await createFixtureUser(db.db, { laboratoryId: 'fx-waw' });
  smtp.rejectRecipients.add(bad.email.toLowerCase());
  await placeOrder(bad.token, bad.id);
  await placeOrder(good.token, good.id);
  await backgroundSettled();
  expect(received(good.email)).toHaveLength(1);
  const [dead] = await outbox(bad.email);
  expect(dead?.status).toBe('failed');
  expect(dead?.attempts).toBe(1);

  const list = await api.call('GET', '/api/backend/staff/background', { token: staff.token });
  expect(list.status).toBe(200);
  const shown = (list.body.mails as { id: number; to: string; status: string; lastError: string; kind: string }[]).find((m) => m.id === dead!.id);
  expect(shown).toMatchObject({ status: 'failed', kind: 'orderConfirmation' });
  expect(shown?.to).toBe(`${bad.email[0]}***@example.test`);
  expect(JSON.stringify(list.body)).not.toContain(bad.email);
  expect(shown?.lastError).not.toContain(bad.email);

  // Another laboratory's staff neither see nor touch it.
  const foreign = await api.call('GET', '/api/backend/staff/background', { token: other.token });
  expect((foreign.body.mails as { id: number }[]).some((m) => m.id === dead!.id)).toBe(false);
  expect((await api.call('POST', `/api/backend/staff/background/mails/${dead!.id}/retry`, { token: other.token })).status).toBe(404);
  expect((await api.call('POST', `/api/backend/staff/background/mails/${dead!.id}/retry`, { token: bad.token })).status).toBe(403);

  smtp.rejectRecipients.delete(bad.email.toLowerCase());
  const retried = await api.call('POST', `/api/backend/staff/background/mails/${dead!.id}/retry`, { token: staff.token });
  expect(retried.status).toBe(200);
  expect(received(bad.email)).toHaveLength(1);
  const [after] = await outbox(bad.email);
  expect(after?.status).toBe('sent');
  const audit = await db.db.selectFrom('audit_events').select(['action', 'actor_user_id', 'detail']).where('action', '=', 'background_work').execute();
  expect(audit).toContainEqual({ action: 'background_work', actor_user_id: staff.id, detail: `retry mail orderConfirmation #${dead!.id}` });
});

test('the critical-result alert is sent before other waiting mail', async () => {
  const { queueMail } = await import('./queueMail');
  smtp.mode('refuse');
  const to = `prio-${Date.now()}@example.test`;
  await inWriteTransaction(db.db, async (trx) => {
    for (let i = 0; i < 3; i++) await queueMail(trx, { kind: 'resultsReady', to, subject: `normal ${i}`, text: 'x' });
    await queueMail(trx, { kind: 'criticalResult', to, subject: 'critical', text: 'x', priority: 'critical' });
  });
  smtp.mode('up');
  setConfigForTests({ ...getConfig(), jobsConcurrency: 1 });
  try {
    await backgroundSettled();
  } finally {
    setConfigForTests({ ...getConfig(), jobsConcurrency: 2 });
  }
  expect(received(to).map((m) => m.subject)[0]).toBe('critical');
  expect(received(to)).toHaveLength(4);
});
