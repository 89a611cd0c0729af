import { setUpShopSuite } from '@/server/testing/shopSuite';
import { createFixturePatient, createFixtureUser } from '@/server/testing/shopFixtures';
import { localToUtc } from '@/server/laboratories/laboratoryTime';

/**
 * Timing-aware booking over the real routes (SQLite and PostgreSQL): `labService/{id}` carries the
 * timing rules, `GET nurse-slots?forCart=true` offers only the times that suit the cart, and
 * `order/create` refuses another time with 400 `timing_not_met` naming the analysis; the first day
 * of the last period is asked for cycle-day analyses and may be neither in the future nor over a year back.
 */
const shop = setUpShopSuite();
const TZ = 'Europe/Warsaw';
const address = { city: 'Warsaw', postalCode: '00-683', street: 'Marszałkowska 10', entry: '2', intercomCode: '', notes: '' };
const feedback = { useEmail: true, usePhone: true, quickPhone: '+48 600 100 200' };

/** The local day `days` ahead in Warsaw, YYYY-MM-DD. */
const dayAhead = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(Date.now() + days * 86_400_000));

async function slotAt(day: string, hour: number) {
  const start = localToUtc(day, hour, TZ);
  const row = await shop.db.db
    .insertInto('nurse_slots')
    .values({ laboratory_id: 'fx-waw', start_at: start.toISOString(), end_at: new Date(start.getTime() + 2 * 3_600_000).toISOString(), capacity: 3, booked: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, start: start.toISOString() };
}

/** An analysis of the fixture catalogue given timing rules (as the demo catalogue gives cortisol, glucose, FSH). */
async function withTiming(analysisId: number, t: { latest?: string; fasting?: [number, number]; cycle?: [number, number] }) {
  await shop.db.db
    .updateTable('analyses')
    .set({
      timing_latest_local_time: t.latest ?? null,
      timing_fasting_min: t.fasting?.[0] ?? null,
      timing_fasting_max: t.fasting?.[1] ?? null,
      timing_cycle_from: t.cycle?.[0] ?? null,
      timing_cycle_to: t.cycle?.[1] ?? null,
    })
    .where('id', '=', analysisId)
    .execute();
}

const create = (token: string, slot: { id: number; start: string }, extra: Record<string, unknown> = {}) =>
  shop.api.call('POST', '/api/order/create', { token, body: { laboratoryId: 'fx-waw', nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: address, feedbackDetails: feedback, ...extra } });

afterEach(async () => {
  await withTiming(shop.fx.analyses.glucose, {});
  await withTiming(shop.fx.analyses.cbc, {});
});

test('a before-10:00 analysis: labService shows the rule, forCart offers only the morning, order/create refuses the afternoon naming it', async () => {
  await withTiming(shop.fx.analyses.glucose, { latest: '10:00' });
  const dto = await shop.api.call('GET', `/api/backend/labService/${shop.fx.analyses.glucose}?laboratoryId=fx-waw`);
  expect(dto.body.timing).toEqual({ latestLocalTime: '10:00' });
  expect((await shop.api.call('GET', `/api/backend/labService/${shop.fx.analyses.cbc}?laboratoryId=fx-waw`)).body.timing).toEqual({});

  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(shop.db.db, user.id, { firstName: 'Anna' });
  expect((await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.glucose, patientIds: [anna], updateToIsBoughtOptionalMaterialMap: { [shop.fx.materials.gelTube]: false } } })).body.status).toBe('added');
  const day = dayAhead(3);
  const morning = await slotAt(day, 8);
  const afternoon = await slotAt(day, 16);
  const range = { laboratoryId: 'fx-waw', from: localToUtc(day, 0, TZ).toISOString(), to: localToUtc(day, 23, TZ).toISOString() };
  const q = (extra: string) => `/api/backend/nurse-slots?laboratoryId=${range.laboratoryId}&from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}${extra}`;
  const all = (await shop.api.call('GET', q(''), { token: user.token })).body as { id: number }[];
  expect(all.map((s) => s.id)).toEqual(expect.arrayContaining([morning.id, afternoon.id]));
  const suiting = (await shop.api.call('GET', q('&forCart=true'), { token: user.token })).body as { id: number }[];
  expect(suiting.map((s) => s.id)).toContain(morning.id);
  expect(suiting.map((s) => s.id)).not.toContain(afternoon.id);
  expect((await shop.api.call('GET', q('&forCart=true'))).status).toBe(401);
  expect((await shop.api.call('GET', q('&forCart=maybe'), { token: user.token })).body.fields).toHaveProperty('forCart');

  const refused = await create(user.token, afternoon);
  expect(refused.status).toBe(400);
  expect(refused.body.code).toBe('timing_not_met');
  expect(refused.body.fields).toEqual({ [`timing.${shop.fx.analyses.glucose}`]: 'Glucose: before 10:00' });
  expect((await shop.db.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).length).toBe(0);
  expect((await create(user.token, morning)).status).toBe(200);
});

test('fasting needs a visit ending by noon; cycle days are checked against the first day of the last period when it is given, not in the future nor over a year back, kept with the order', async () => {
  await withTiming(shop.fx.analyses.cbc, { fasting: [8, 12] });
  await withTiming(shop.fx.analyses.glucose, { cycle: [2, 5] });
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(shop.db.db, user.id, { firstName: 'Anna', gender: 'female' });
  const jan = await createFixturePatient(shop.db.db, user.id, { firstName: 'Jan', gender: 'male' });
  await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [jan] } });
  await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.glucose, patientIds: [anna, jan], updateToIsBoughtOptionalMaterialMap: { [shop.fx.materials.gelTube]: false } } });
  const day = dayAhead(2);
  const noon = await slotAt(day, 12);
  const morning = await slotAt(day, 8);

  const fasting = await create(user.token, noon, { cycleStart: dayAhead(0) });
  expect(fasting.body.code).toBe('timing_not_met');
  expect(Object.keys(fasting.body.fields)).toEqual([`timing.${shop.fx.analyses.cbc}`]);

  expect((await create(user.token, morning, { cycleStart: dayAhead(1) })).body.fields).toEqual({ cycleStart: 'The first day of the last period cannot be in the future' });
  expect((await create(user.token, morning, { cycleStart: dayAhead(-400) })).body.fields).toEqual({ cycleStart: 'The first day of the last period cannot be over a year back' });
  expect((await create(user.token, morning, { cycleStart: '2026-13-40' })).body.fields).toHaveProperty('cycleStart');
  // Day 11 of the cycle on the visit day: outside 2-5.
  const late = await create(user.token, morning, { cycleStart: dayAhead(-8) });
  expect(late.body.fields).toEqual({ [`timing.${shop.fx.analyses.glucose}`]: 'Glucose: cycle days 2-5' });
  // Day 3 on the visit day: accepted, the date kept with the order.
  const ok = await create(user.token, morning, { cycleStart: dayAhead(0) });
  expect(ok.status).toBe(200);
  const row = await shop.db.db.selectFrom('orders').select('cycle_start').where('id', '=', ok.body.orderId as number).executeTakeFirstOrThrow();
  expect(row.cycle_start).toBe(dayAhead(0));
});
