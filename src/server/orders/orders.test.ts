import fs from 'node:fs';
import { getConfig } from '@/server/config';
import { readOutbox } from '@/server/testing/outbox';
import { setUpShopSuite } from '@/server/testing/shopSuite';
import { createFixturePatient, createFixtureSlot, createFixtureUser, type FixtureUser } from '@/server/testing/shopFixtures';
import type { ShopOrderDto } from '@/shared/types/order';
import type { OrderDetailDto } from '@/shared/types/results';
import { orderDetailBreakdown, shopOrderBreakdown } from '@/shared/breakdown';

const shop = setUpShopSuite();

const address = { city: 'Warsaw', postalCode: '00-683', street: 'Marszałkowska 10', entry: '2', intercomCode: '12#', notes: 'Ring twice' };
const feedback = { useEmail: true, usePhone: true, quickPhone: '+48 600 100 200' };

/** A user with a cart: CBC and glucose (gel tube declined) for one patient, CBC for a second. */
async function userWithCart(opts: { emailConfirmed?: boolean } = {}) {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw', ...opts });
  const anna = await createFixturePatient(shop.db.db, user.id, { firstName: 'Anna' });
  const jan = await createFixturePatient(shop.db.db, user.id, { firstName: 'Jan', gender: 'male' });
  await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna, jan] } });
  const res = await shop.api.call('POST', '/api/cart/add-to-cart', {
    token: user.token,
    body: { analysisId: shop.fx.analyses.glucose, patientIds: [anna], updateToIsBoughtOptionalMaterialMap: { [shop.fx.materials.gelTube]: false } },
  });
  expect(res.body.status).toBe('added');
  return { user, anna, jan };
}

const create = (user: FixtureUser, slot: { id: number; start: string }, extra: { key?: string; body?: Record<string, unknown> } = {}) =>
  shop.api.call('POST', '/api/order/create', {
    token: user.token,
    headers: extra.key ? { 'Idempotency-Key': extra.key } : {},
    body: { laboratoryId: 'fx-waw', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: address, feedbackDetails: feedback, ...extra.body },
  });

const countOrders = async (userId: number) => (await shop.db.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute()).length;
const cartSize = async (userId: number) => (await shop.db.db.selectFrom('cart_lines').select('analysis_id').where('user_id', '=', userId).execute()).length;
const booked = async (slotId: number) => (await shop.db.db.selectFrom('nurse_slots').select('booked').where('id', '=', slotId).executeTakeFirstOrThrow()).booked;

test('the order confirmation is mailed in the request language, which the account keeps for later mails', async () => {
  const { user } = await userWithCart();
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 2);
  const res = await shop.api.call('POST', '/api/order/create', {
    token: user.token,
    headers: { Cookie: 'lang=pl' },
    body: { laboratoryId: 'fx-waw', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: address, feedbackDetails: feedback },
  });
  expect(res.status).toBe(200);
  const order = await shop.db.db.selectFrom('orders').select('number').where('id', '=', res.body.orderId as number).executeTakeFirstOrThrow();
  const saved = await shop.db.db.selectFrom('users').select('locale').where('id', '=', user.id).executeTakeFirstOrThrow();
  expect(saved.locale).toBe('pl');
  const mail = readOutbox(getConfig().outboxDir).find((m) => m.to === user.email && m.subject === `Twoje zamówienie ${order.number}`);
  expect(mail).toBeDefined();
  const text = mail?.text ?? '';
  expect(text).toContain(`dziękujemy za zamówienie ${order.number}. Odwiedzi Cię pielęgniarka:`);
  // The visit in Polish, in the laboratory's time zone.
  const day = new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(slot.start));
  expect(text).toContain(day);
  // The order number and a link to the order page; neither the analyses nor the intercom code.
  expect(text).not.toContain('Complete blood count');
  expect(text).not.toContain('FX-CBC');
  expect(text).not.toContain('12#');
  expect(text).toContain('Jak się przygotować:');
  expect(text).toContain(`Twoje zamówienie: http://localhost:3000/orders/${res.body.orderId}`);
  expect(text).not.toContain('Hello');
});

test('creating an order re-prices the cart, books the slot, writes the order and empties the cart', async () => {
  const { user, anna, jan } = await userWithCart();
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 2);
  // A price change after adding is honoured: the server prices again at submission.
  await shop.db.db.updateTable('analysis_prices').set({ price_minor: 2200 }).where('analysis_id', '=', shop.fx.analyses.cbc).where('price_list_id', '=', shop.fx.priceLists.pln).execute();
  try {
    const res = await create(user, slot, { body: { orderAddress: { city: 'Warsaw', postalCode: '00683', street: 'Marszałkowska 10' }, feedbackDetails: undefined } });
    expect(res.status).toBe(200);
    const orderId = res.body.orderId as number;
    // A PLN laboratory takes online payment by default: the payer goes to the (built-in test) provider's page.
    expect(res.body).toEqual({ orderId, redirectUrl: expect.stringMatching(new RegExp(`^/payments/test/o${orderId}-`)) });

    const order = await shop.db.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.number).toBe(`LS-${String(orderId).padStart(6, '0')}`);
    expect(order).toMatchObject({
      user_id: user.id,
      status: 'placed',
      currency: 'PLN',
      payment_mode: 'pay_nurse',
      slot_id: slot.id,
      nurse_checkout_date: slot.start,
      // Anna 22 + 30 + 5, Jan 22 + 5; the visit fee 25 on top.
      subtotal_minor: 8400,
      delivery_price_minor: 2500,
      total_minor: 10900,
      // Defaults of the order address and feedback; the postal code in its written form.
      address_country: 'PL',
      address_postal_code: '00-683',
      address_floor: '1',
      address_apartment: '1',
      feedback_use_email: 1,
      feedback_use_phone: 1,
    });
    const lines = await shop.db.db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    expect(lines.map((l) => [l.patient_id, l.analysis_id, l.price_minor])).toEqual([
      [anna, shop.fx.analyses.cbc, 2200],
      [anna, shop.fx.analyses.glucose, 3000],
      [jan, shop.fx.analyses.cbc, 2200],
    ]);
    const materials = await shop.db.db.selectFrom('order_materials').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    expect(materials.map((m) => [m.patient_id, m.material_id, m.bought, m.price_minor])).toEqual([
      [anna, shop.fx.materials.bloodTube, 1, 500],
      [anna, shop.fx.materials.gelTube, 0, 0],
      [jan, shop.fx.materials.bloodTube, 1, 500],
    ]);
    const events = await shop.db.db.selectFrom('order_status_events').selectAll().where('order_id', '=', orderId).execute();
    expect(events.map((e) => [e.status, e.actor_user_id])).toEqual([['placed', user.id]]);
    expect(await booked(slot.id)).toBe(1);
    expect(await cartSize(user.id)).toBe(0);
    const cart = await shop.api.call('GET', '/api/cart/get-cart', { token: user.token });
    expect(cart.body.cartTotal).toEqual({ price: 0, currency: 'EUR' });

    // The order-submitted page's read: owner only, with what to prepare.
    const read = await shop.api.call('GET', `/api/order/${orderId}`, { token: user.token });
    expect(read.status).toBe(200);
    const summary = read.body as ShopOrderDto;
    expect(summary).toMatchObject({ id: orderId, number: order.number, total: 109, deliveryPrice: 25, subtotal: 84, currency: 'PLN', paymentMode: 'pay_nurse' });
    expect(summary.visit.start).toBe(slot.start);
    expect(summary.preparation.fastingHours).toBe(8);
    expect(summary.preparation.notes).toEqual([{ analysisId: shop.fx.analyses.glucose, name: 'Glucose', preparation: 'Do not drink sweet drinks the evening before.' }]);
    expect(summary.patients.map((p) => [p.firstName, p.subtotal])).toEqual([
      ['Anna', 57],
      ['Jan', 27],
    ]);
    const other = await createFixtureUser(shop.db.db);
    expect((await shop.api.call('GET', `/api/order/${orderId}`, { token: other.token })).status).toBe(404);
    expect((await shop.api.call('GET', `/api/order/${orderId}`)).status).toBe(401);
    expect((await shop.api.call('GET', '/api/order/999999', { token: user.token })).status).toBe(404);

    // The confirmation mail went out after the commit.
    const outbox = getConfig().outboxDir;
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(`${outbox}/${f}`, 'utf8'));
    expect(mails.some((m) => m.includes(order.number) && m.includes(user.email))).toBe(true);
  } finally {
    await shop.db.db.updateTable('analysis_prices').set({ price_minor: 2000 }).where('analysis_id', '=', shop.fx.analyses.cbc).where('price_list_id', '=', shop.fx.priceLists.pln).execute();
  }
});

test('the order detail (GET orders/{id}) carries what the order-submitted page shows, as GET /api/order/{id} gives it', async () => {
  const { user } = await userWithCart();
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 2);
  const res = await create(user, slot);
  expect(res.status).toBe(200);
  const orderId = res.body.orderId as number;
  const summary = (await shop.api.call('GET', `/api/order/${orderId}`, { token: user.token })).body as ShopOrderDto;
  const read = await shop.api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token });
  expect(read.status).toBe(200);
  const detail = read.body as OrderDetailDto;

  // The fields added for the page: what to prepare and the laboratory's e-mail.
  expect(detail.preparation).toEqual({ fastingHours: 8, notes: [{ analysisId: shop.fx.analyses.glucose, name: 'Glucose', preparation: 'Do not drink sweet drinks the evening before.' }] });
  expect(detail.laboratory).toMatchObject({ cityName: 'Warsaw', address: 'Warsaw main street 1', phone: '+48 22 000 00 00', email: 'fx-waw@lab.test' });
  // The rest as the submitted order reads.
  expect(detail.preparation).toEqual(summary.preparation);
  expect(detail.laboratory).toEqual(summary.laboratory);
  expect([detail.id, detail.number, detail.promoCode, detail.address, detail.payment]).toEqual([summary.id, summary.number, summary.promoCode, summary.address, summary.payment]);
  expect(detail.address.notes).toBe('Ring twice');
  expect({ start: detail.visit.start, end: detail.visit.end, timeZone: detail.visit.timeZone }).toEqual({ start: summary.visit.start, end: summary.visit.end, timeZone: summary.visit.timeZone });
  const people = (ps: { firstName: string; lastName: string; lines: { analysisId: number; name: string }[]; materials: { name: string; bought: boolean; price: number }[] }[]) =>
    ps.map((p) => ({ name: `${p.firstName} ${p.lastName}`, lines: p.lines.map((l) => [l.analysisId, l.name]), materials: p.materials.map((m) => [m.name, m.bought, m.price]) }));
  expect(people(detail.patients)).toEqual(people(summary.patients));
  expect(orderDetailBreakdown(detail)).toEqual(shopOrderBreakdown(summary));

  // Another user's order stays hidden on this read too.
  const other = await createFixtureUser(shop.db.db);
  expect((await shop.api.call('GET', `/api/backend/orders/${orderId}`, { token: other.token })).status).toBe(404);
});

test('the order detail lists patients by id and names the order they were placed in, which the submitted order follows', async () => {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(shop.db.db, user.id, { firstName: 'Anna' });
  const jan = await createFixturePatient(shop.db.db, user.id, { firstName: 'Jan', gender: 'male' });
  expect(anna).toBeLessThan(jan);
  // Jan's analysis goes into the cart first, Anna's a minute later.
  await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.glucose, patientIds: [jan], updateToIsBoughtOptionalMaterialMap: { [shop.fx.materials.gelTube]: false } } });
  await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna] } });
  await shop.db.db.updateTable('cart_lines').set({ added_at: '2026-11-01T10:00:00.000Z' }).where('user_id', '=', user.id).where('patient_id', '=', jan).execute();
  await shop.db.db.updateTable('cart_lines').set({ added_at: '2026-11-01T10:01:00.000Z' }).where('user_id', '=', user.id).where('patient_id', '=', anna).execute();
  const res = await create(user, await createFixtureSlot(shop.db.db, 'fx-waw', 2));
  expect(res.status).toBe(200);
  const orderId = res.body.orderId as number;
  const detail = (await shop.api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token })).body as OrderDetailDto;
  const summary = (await shop.api.call('GET', `/api/order/${orderId}`, { token: user.token })).body as ShopOrderDto;
  expect(detail.patients.map((p) => p.id)).toEqual([anna, jan]);
  expect(detail.patientIdsPlaced).toEqual([jan, anna]);
  expect(summary.patients.map((p) => p.patientId)).toEqual(detail.patientIdsPlaced);
});

test('an unconfirmed e-mail, an empty cart, a foreign or past slot and bad input change nothing', async () => {
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 5, 3);
  const unconfirmed = await userWithCart({ emailConfirmed: false });
  const res = await create(unconfirmed.user, slot);
  expect(res.status).toBe(409);
  expect(res.body).toEqual({ error: 'Confirm your e-mail address before placing an order', code: 'email_not_confirmed' });

  const { user } = await userWithCart();
  const berlinSlot = await createFixtureSlot(shop.db.db, 'fx-ber', 5);
  const otherLab = await create(user, berlinSlot);
  expect(otherLab.status).toBe(400);
  expect(otherLab.body).toMatchObject({ error: 'The selected visit time is not offered by this laboratory', code: 'slot_not_offered' });
  const past = await createFixtureSlot(shop.db.db, 'fx-waw', 5, -1);
  const pastRes = await create(user, past);
  expect(pastRes.status).toBe(400);
  expect(pastRes.body).toMatchObject({ error: 'The selected visit time has already passed, please choose another', code: 'slot_passed' });
  const mismatch = await create(user, { id: slot.id, start: new Date(Date.parse(slot.start) + 3600000).toISOString() });
  expect(mismatch.status).toBe(400);
  expect(mismatch.body).toMatchObject({ error: 'The visit date does not match the selected visit time', code: 'visit_date_mismatch' });

  const bad: Record<string, unknown>[] = [
    { orderAddress: { city: '', street: 'x' } },
    { orderAddress: { city: 'Warsaw' } },
    // Line breaks in a one-line field (a header or calendar line smuggled in).
    { orderAddress: { city: 'Warsaw', postalCode: '00-683', street: 'Prosta 5\r\nBcc: x@evil.example' } },
    { orderAddress: { city: 'Warsaw\nX-Inj: 1', postalCode: '00-683', street: 'Prosta 5' } },
    { orderAddress: { city: 'Warsaw', postalCode: '00-683', street: 'Prosta 5', intercomCode: '12\r34' } },
    { orderAddress: undefined },
    { orderSlotId: 'one' },
    { laboratoryId: 'nope' },
    { nurseCheckoutDate: 'tomorrow' },
    { feedbackDetails: { useEmail: false, usePhone: false } },
    { feedbackDetails: { usePhone: true, quickPhone: 'call me' } },
  ];
  for (const body of bad) {
    const r = await create(user, slot, { body });
    expect([JSON.stringify(body), r.status]).toEqual([JSON.stringify(body), 400]);
    expect(typeof r.body.error).toBe('string');
  }
  expect((await create(user, slot, { key: 'bad key!' })).status).toBe(400);
  expect((await shop.api.call('POST', '/api/order/create', { token: user.token, rawBody: '{' })).status).toBe(400);

  const empty = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const emptyRes = await create(empty, slot);
  expect(emptyRes.status).toBe(409);
  expect(emptyRes.body).toEqual({ error: 'Your cart is empty', code: 'conflict' });

  expect(await booked(slot.id)).toBe(0);
  expect(await countOrders(user.id)).toBe(0);
  expect(await countOrders(unconfirmed.user.id)).toBe(0);
  expect(await cartSize(user.id)).toBe(3);
});

test('a full slot is 409 with a clear message and nothing else changes', async () => {
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 1, 4);
  const first = await userWithCart();
  const second = await userWithCart();
  expect((await create(first.user, slot)).status).toBe(200);
  const res = await create(second.user, slot);
  expect(res.status).toBe(409);
  expect(res.body.error).toBe('The selected visit time is fully booked, please choose another');
  expect(await booked(slot.id)).toBe(1);
  expect(await countOrders(second.user.id)).toBe(0);
  expect(await cartSize(second.user.id)).toBe(3);
});

test('N parallel orders of N users on a slot of capacity k give exactly k orders', async () => {
  const n = 8;
  const k = 3;
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', k, 5);
  const users = await Promise.all(Array.from({ length: n }, () => userWithCart()));
  const results = await Promise.all(users.map(({ user }) => create(user, slot)));
  const statuses = results.map((r) => r.status).sort();
  expect(statuses.filter((s) => s === 200)).toHaveLength(k);
  expect(statuses.filter((s) => s === 409)).toHaveLength(n - k);
  expect(await booked(slot.id)).toBe(k);
  const orders = await shop.db.db.selectFrom('orders').select('id').where('slot_id', '=', slot.id).execute();
  expect(orders).toHaveLength(k);
  // Losers keep their carts.
  const cartSizes = await Promise.all(users.map(({ user }) => cartSize(user.id)));
  expect(cartSizes.filter((c) => c === 0)).toHaveLength(k);
  expect(cartSizes.filter((c) => c === 3)).toHaveLength(n - k);
});

test('the same Idempotency-Key returns the same order, also when sent in parallel', async () => {
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 10, 6);
  const { user } = await userWithCart();
  const first = await create(user, slot, { key: 'checkout-key-0001' });
  const again = await create(user, slot, { key: 'checkout-key-0001' });
  expect(first.status).toBe(200);
  expect(again.status).toBe(200);
  expect(again.body).toEqual(first.body);
  expect(await countOrders(user.id)).toBe(1);
  expect(await booked(slot.id)).toBe(1);

  const other = await userWithCart();
  const parallel = await Promise.all(Array.from({ length: 5 }, () => create(other.user, slot, { key: 'checkout-key-0002' })));
  expect(parallel.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  expect(new Set(parallel.map((r) => r.body.orderId)).size).toBe(1);
  expect(await countOrders(other.user.id)).toBe(1);
  expect(await booked(slot.id)).toBe(2);
  // The same key of another user is another order.
  const third = await userWithCart();
  const thirdRes = await create(third.user, slot, { key: 'checkout-key-0001' });
  expect(thirdRes.status).toBe(200);
  expect(thirdRes.body.orderId).not.toBe(first.body.orderId);
});

test('order/create sent again with its key answers the same payment page, and with pay on visit switches the order to the nurse', async () => {
  const { user } = await userWithCart();
  const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 2);
  const first = await create(user, slot, { key: 'replay-key-0001' });
  expect(first.status).toBe(200);
  const orderId = first.body.orderId as number;
  expect(first.body.redirectUrl).toMatch(/^\/payments\/test\//);
  const again = await create(user, slot, { key: 'replay-key-0001' });
  expect(again.body).toEqual(first.body);
  const onVisit = await create(user, slot, { key: 'replay-key-0001', body: { paymentMethod: 'on_visit' } });
  expect(onVisit.body).toEqual({ orderId, redirectUrl: `/order/order-submitted?orderId=${orderId}` });
  const order = await shop.db.db.selectFrom('orders').select(['payment_method', 'payment_status']).where('id', '=', orderId).executeTakeFirstOrThrow();
  expect(order).toEqual({ payment_method: 'on_visit', payment_status: 'on_visit' });
  expect(await countOrders(user.id)).toBe(1);
});
