import { setUpShopSuite } from '../testing/shopSuite';
import { createFixturePatient, createFixtureSlot, createFixtureUser, type FixtureUser } from '../testing/shopFixtures';
import { readOutbox } from '@/server/testing/outbox';
import { getConfig } from '../config';
import { runJobsOnce } from '@/server/jobList';
import { runVisitReminder } from './visitReminder';

/**
 * The mails about an order say how it is paid (online: paid or still to pay; on visit: the amount to
 * have ready) and list its money as the order page does; an order paid online is never told to pay
 * the nurse. On SQLite and PostgreSQL, in en, ru and pl.
 */
const shop = setUpShopSuite();
const SECRET = 'test-secret-of-this-suite-0123456789';

beforeAll(() => {
  getConfig().payments = { providers: { test: { secret: SECRET } }, holdMinutes: 30 };
});

async function place(locale: string, paymentMethod: 'online' | 'on_visit', hours: number): Promise<{ user: FixtureUser; orderId: number; redirectUrl: string; number: string; visitStart: string }> {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(shop.db.db, user.id);
  await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna] } });
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 3, hours);
  const res = await shop.api.call('POST', '/api/order/create', {
    token: user.token,
    headers: { 'Accept-Language': locale },
    body: { laboratoryId: 'fx-waw', paymentMethod, nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Prosta 5' } },
  });
  expect(res.status).toBe(200);
  const order = (await shop.api.call('GET', `/api/order/${res.body.orderId}`, { token: user.token })).body;
  return { user, orderId: res.body.orderId as number, redirectUrl: res.body.redirectUrl as string, number: order.number as string, visitStart: order.visit.start as string };
}

const confirmation = (user: FixtureUser, number: string) => readOutbox(getConfig().outboxDir).find((m) => m.to === user.email && m.subject.includes(number) && m.calendars.length > 0);
/** The words of paying the nurse (the old confirmation said them to every order). */
const nurse = { en: /pay the nurse/i, ru: /медсестре при визите|оплата медсестре/i, pl: /płatność u pielęgniarki|płacisz pielęgniarce/i } as const;

test.each([
  ['en', 'To pay online:', 'Tests: ', 'Home visit: ', 'Total: '],
  ['ru', 'К оплате онлайн:', 'Анализы: ', 'Выезд на дом: ', 'Итого: '],
  ['pl', 'Do zapłaty online:', 'Badania: ', 'Wizyta domowa: ', 'Razem: '],
] as const)('the confirmation of an order paid online does not send the patient to pay the nurse (%s)', async (locale, toPay, tests, visit, total) => {
  const { user, number } = await place(locale, 'online', 3);
  await runJobsOnce(shop.db.db);
  const mail = confirmation(user, number);
  expect(mail).toBeDefined();
  expect(mail!.text).not.toMatch(nurse[locale]);
  expect(mail!.text).toContain(toPay);
  for (const line of [tests, visit, total]) expect(mail!.text).toContain(line);
  expect(mail!.text).not.toContain('Complete blood count');
});

test.each([
  ['en', 'You pay the nurse at the visit: please have '],
  ['ru', 'Оплата медсестре при визите: приготовьте, пожалуйста, '],
  ['pl', 'Płacisz pielęgniarce podczas wizyty: przygotuj, proszę, '],
] as const)('the confirmation of an order paid on visit names the amount to have ready (%s)', async (locale, line) => {
  const { user, orderId, number } = await place(locale, 'on_visit', 4);
  await runJobsOnce(shop.db.db);
  const total = (await shop.api.call('GET', `/api/order/${orderId}`, { token: user.token })).body.total as number;
  const mail = confirmation(user, number);
  expect(mail!.text).toMatch(new RegExp(`${line}.*${String(Math.floor(total))}`));
});

test('the visit reminder of an order paid online says it is paid; the lines add up as on the order page', async () => {
  const { user, orderId, redirectUrl, number, visitStart } = await place('en', 'online', 5);
  const sessionId = /\/payments\/test\/(.+)$/.exec(redirectUrl)![1]!;
  await shop.api.call('POST', `/api/payments/test/${sessionId}`, { token: user.token, body: { action: 'pay' } });
  expect(await runVisitReminder(shop.db.db, { orderId, visitStart }, new Date())).toBe('sent');
  await runJobsOnce(shop.db.db);
  const reminder = readOutbox(getConfig().outboxDir).find((m) => m.to === user.email && m.subject.includes(number) && m.text.includes('Paid online:'));
  expect(reminder).toBeDefined();
  expect(reminder!.text).not.toMatch(/pay the nurse/i);
  const order = (await shop.api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token })).body;
  const amount = (label: string) => Number(new RegExp(`${label}: [^0-9\\n]*([0-9][0-9,.]*)`).exec(reminder!.text)![1]!.replace(/,/g, ''));
  expect(amount('Tests') + amount('Blood tube') + amount('Home visit')).toBeCloseTo(amount('Total'), 2);
  expect(amount('Total')).toBeCloseTo(order.payment.amount, 2);
});
