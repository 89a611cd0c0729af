import { getConfig, setConfigForTests } from '../config';
import { htmlPart, parseMail } from '@/server/testing/outbox';
import { createTestDb, type TestDb } from '../testing/testDb';
import { startSmtpSink, type SmtpSink } from '../testing/smtpSink';
import { createAnalysis, createLab, createOrder, createPatient, createSlot, createUser } from '../testing/orderFixtures';
import { runJobsOnce } from '@/server/jobList';
import { queuePaymentMail } from './mails';

/**
 * The payment and refund mails, as the SMTP server receives them, send the patient to the order page
 * to download the receipt (a mail cannot carry the sign-in the download needs), in the patient's
 * language, in the text and the HTML part. On SQLite and PostgreSQL.
 */
let tdb: TestDb;
let smtp: SmtpSink;
beforeAll(async () => {
  tdb = await createTestDb({ seed: false });
  smtp = await startSmtpSink();
  setConfigForTests({ ...getConfig(), smtpUrl: smtp.url, smtpConnectionTimeoutMs: 300, appUrl: 'https://shop.example.test' });
});
afterAll(async () => {
  await smtp.close();
  await tdb.cleanup();
});

async function paidOrder(locale: string) {
  const lab = await createLab(tdb.db);
  const owner = await createUser(tdb.db);
  await tdb.db.updateTable('users').set({ locale }).where('id', '=', owner.id).execute();
  const patientId = await createPatient(tdb.db, owner.id);
  const analysis = await createAnalysis(tdb.db, { name: 'Glucose' });
  const order = await createOrder(tdb.db, { userId: owner.id, laboratoryId: lab, slotId: (await createSlot(tdb.db, lab, 48)).id, lines: [{ patientId, analysisId: analysis }] });
  return { owner, order };
}

const receivedBy = (to: string) => smtp.messages.filter((m) => m.to.includes(to)).map((m) => ({ ...parseMail(m.data), html: htmlPart(m.data) }));

test.each([
  ['en', 'Download your receipt on your order page', 'Download your receipt on your order page'],
  ['ru', 'Скачайте квитанцию на странице заказа', 'Скачать квитанцию на странице заказа'],
  ['pl', 'Pobierz potwierdzenie zapłaty na stronie zamówienia', 'Pobierz potwierdzenie zapłaty na stronie zamówienia'],
])('the payment and refund mails link to the order page for the receipt (%s)', async (locale, line, linkText) => {
  const { owner, order } = await paidOrder(locale);
  const link = `https://shop.example.test/orders/${order.id}`;
  await queuePaymentMail(tdb.db, order.id, 'paid', 12300, `paid-${order.id}`);
  await queuePaymentMail(tdb.db, order.id, 'refundStarted', 2000, `rs-${order.id}`, 'cancelled test');
  await queuePaymentMail(tdb.db, order.id, 'refundDone', 2000, `rd-${order.id}`);
  await queuePaymentMail(tdb.db, order.id, 'expired', 12300, `ex-${order.id}`);
  await runJobsOnce(tdb.db);
  const mails = receivedBy(owner.email);
  expect(mails).toHaveLength(4);
  const withReceipt = mails.filter((m) => m.text.includes(`${line}: ${link}`));
  expect(withReceipt).toHaveLength(3);
  for (const m of withReceipt) {
    expect(m.html).toContain(`<a href="${link}">${linkText}</a>`);
  }
  const expired = mails.find((m) => !m.text.includes(line));
  expect(expired?.text).toContain(link);
  expect(expired?.html).toContain(`<a href="${link}">`);
});
