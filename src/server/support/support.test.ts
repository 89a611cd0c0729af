import fs from 'node:fs';
import path from 'node:path';
import { getConfig } from '@/server/config';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { seedShopFixture } from '@/server/testing/shopFixtures';
import { SUPPORT_LIMIT_PER_HOUR, SUPPORT_RATE_MESSAGE } from './support';

let db: TestDb;
let api: TestApiServer;

beforeAll(async () => {
  db = await createTestDb({ seed: false, rateLimits: true });
  await seedShopFixture(db.db);
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await db.cleanup();
});

let ipCounter = 0;
/** Each test writes from its own address so the per-address limit of one test does not leak into another. */
const freshIp = () => ({ 'x-forwarded-for': `203.0.113.${++ipCounter}` });

const mails = () => {
  const dir = getConfig().outboxDir;
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')) : [];
};

const valid = { name: 'Anna Nowak', email: 'Anna.Nowak@example.com', message: 'When will the nurse arrive for order 12?', laboratoryId: 'fx-ber' };

test('a valid message is mailed to the laboratory with the visitor as reply-to', async () => {
  const before = mails().length;
  const res = await api.call('POST', '/api/support/contact', { body: valid, headers: freshIp() });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ sent: true });
  const sent = mails().slice(before);
  expect(sent).toHaveLength(1);
  const mail = sent[0] ?? '';
  expect(mail).toMatch(/^To: fx-ber@lab\.test/im);
  expect(mail).toMatch(/^Reply-To: anna\.nowak@example\.com/im);
  expect(mail).toMatch(/Support request from Anna Nowak/);
  expect(mail).toContain('When will the nurse arrive for order 12?');
  expect(mail).toContain('Berlin');
});

test('without a laboratory the message goes to the first laboratory', async () => {
  const before = mails().length;
  const { laboratoryId: _omit, ...body } = valid;
  void _omit;
  const res = await api.call('POST', '/api/support/contact', { body: { ...body, email: 'other@example.com' }, headers: freshIp() });
  expect(res.status).toBe(200);
  const sent = mails().slice(before);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatch(/^To: fx-(waw|ber|msk)@lab\.test/im);
});

test('invalid input is a 400 naming the fields, and nothing is sent', async () => {
  const before = mails().length;
  const short = await api.call('POST', '/api/support/contact', { body: { ...valid, message: 'Too short' }, headers: freshIp() });
  expect(short.status).toBe(400);
  expect(short.body.fields).toEqual({ message: 'The message needs at least 10 characters' });

  const long = await api.call('POST', '/api/support/contact', { body: { ...valid, message: 'x'.repeat(2001) }, headers: freshIp() });
  expect(long.status).toBe(400);
  expect(long.body.fields.message).toBe('The message can have at most 2000 characters');

  const bad = await api.call('POST', '/api/support/contact', { body: { name: ' ', email: 'not-an-address', message: 'Hello there, a question' }, headers: freshIp() });
  expect(bad.status).toBe(400);
  expect(bad.body.fields).toEqual({ name: 'Enter your name', email: 'Enter a valid e-mail address' });

  const typed = await api.call('POST', '/api/support/contact', { body: { ...valid, message: 42 }, headers: freshIp() });
  expect(typed.status).toBe(400);

  const lab = await api.call('POST', '/api/support/contact', { body: { ...valid, laboratoryId: 'nowhere' }, headers: freshIp() });
  expect(lab.status).toBe(400);
  expect(lab.body.fields).toEqual({ laboratoryId: 'Unknown laboratory' });

  const malformed = await api.call('POST', '/api/support/contact', { rawBody: '{"name":', headers: { ...freshIp(), 'content-type': 'application/json' } });
  expect(malformed.status).toBe(400);

  expect(mails().length).toBe(before);
});

test('only POST is allowed', async () => {
  const res = await api.call('GET', '/api/support/contact');
  expect(res.status).toBe(405);
  expect(res.headers.get('allow')).toBe('POST');
});

test('messages are limited per address and per e-mail within an hour', async () => {
  const ip = freshIp();
  for (let i = 0; i < SUPPORT_LIMIT_PER_HOUR; i++) {
    const res = await api.call('POST', '/api/support/contact', { body: { ...valid, email: `sender${i}@example.com` }, headers: ip });
    expect(res.status).toBe(200);
  }
  const blocked = await api.call('POST', '/api/support/contact', { body: { ...valid, email: 'another@example.com' }, headers: ip });
  expect(blocked.status).toBe(429);
  expect(blocked.body).toEqual({ error: SUPPORT_RATE_MESSAGE, code: 'rate_limited' });
  // Within the hour: the wait is whole seconds, at most an hour.
  const wait = Number(blocked.headers.get('retry-after'));
  expect(Number.isInteger(wait) && wait >= 1 && wait <= 3600).toBe(true);

  // The same e-mail from changing addresses is limited too.
  for (let i = 0; i < SUPPORT_LIMIT_PER_HOUR; i++) {
    expect((await api.call('POST', '/api/support/contact', { body: { ...valid, email: 'same@example.com' }, headers: freshIp() })).status).toBe(200);
  }
  expect((await api.call('POST', '/api/support/contact', { body: { ...valid, email: 'SAME@example.com' }, headers: freshIp() })).status).toBe(429);
});

test('100 parallel messages for one e-mail: at most the hourly limit is sent', async () => {
  const before = mails().length;
  const answers = await Promise.all(
    Array.from({ length: 100 }, () => api.call('POST', '/api/support/contact', { body: { ...valid, email: 'burst@example.com' }, headers: freshIp() })),
  );
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 200).length).toBe(SUPPORT_LIMIT_PER_HOUR);
  expect(statuses.filter((s) => s === 429).length).toBe(100 - SUPPORT_LIMIT_PER_HOUR);
  expect(mails().length - before).toBe(SUPPORT_LIMIT_PER_HOUR);
}, 60_000);
