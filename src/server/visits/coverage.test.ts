import { createTestDb } from '@/server/testing/testDb';
import { setUpShopSuite } from '@/server/testing/shopSuite';
import { createFixturePatient, createFixtureSlot, createFixtureUser } from '@/server/testing/shopFixtures';
import { seedDemo } from '@/server/db/seed';
import { setDbForTests } from '@/server/db/createDb';
import { laboratoriesServing } from './coverage';
import type { CoverageDto } from '@/shared/types/api';

const shop = setUpShopSuite();

const coverage = (lab: string, country: string, postalCode: string) =>
  shop.api.call('GET', `/api/backend/laboratories/${lab}/coverage?country=${country}&postalCode=${encodeURIComponent(postalCode)}`);

describe('coverage lookups', () => {
  it('the longest matching prefix sets the fee, in the laboratory currency', async () => {
    let res = await coverage('fx-waw', 'PL', '00-683');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ laboratoryId: 'fx-waw', country: 'PL', postalCode: '00-683', served: true, visitFee: 25, currency: 'PLN', servedBy: [] } satisfies CoverageDto);
    res = await coverage('fx-waw', 'PL', '05120');
    expect(res.body).toMatchObject({ postalCode: '05-120', served: true, visitFee: 35 });
    res = await coverage('fx-waw', 'PL', '05-500');
    expect(res.body).toMatchObject({ served: true, visitFee: 45 });
  });

  it('an unserved postal code names the laboratories that do serve it', async () => {
    const res = await coverage('fx-waw', 'BY', '220030');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ served: false, visitFee: null, servedBy: [{ id: 'fx-msk', cityName: 'Minsk', visitFee: 15, currency: 'BYN' }] });
    const none = await coverage('fx-waw', 'PL', '99-999');
    expect(none.body).toMatchObject({ served: false, servedBy: [] });
  });

  it('a laboratory without zones visits its whole country for its standard fee', async () => {
    const res = await coverage('fx-ber', 'DE', '80331');
    expect(res.body).toMatchObject({ served: true, visitFee: 9, currency: 'EUR' });
    expect((await coverage('fx-ber', 'PL', '00-683')).body).toMatchObject({ served: false });
  });

  it('a postal code in the wrong format is a 400 naming postalCode; an unknown laboratory a 404', async () => {
    const bad = await coverage('fx-waw', 'PL', '220030');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fields: { postalCode: 'Enter a Polish postal code like 00-950' } });
    const missing = await shop.api.call('GET', '/api/backend/laboratories/fx-waw/coverage?country=PL');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ fields: { postalCode: 'Postal code is required' } });
    expect((await coverage('no-such-lab', 'PL', '00-683')).status).toBe(404);
  });
});

describe('the lowest fee a laboratory charges ("from" in the cart)', () => {
  it('is the cheapest of its zones, or its standard fee without zones', async () => {
    // A zone cheaper than the standard fee, so the two figures differ.
    await shop.db.db.insertInto('laboratory_zones').values({ laboratory_id: 'fx-msk', country: 'BY', prefix: '221', visit_fee_minor: 1200 }).execute();
    try {
      const msk = await shop.api.call('GET', '/api/backend/laboratories/fx-msk');
      expect(msk.body).toMatchObject({ visitFee: 15, visitFeeFrom: 12 });
      const waw = await shop.api.call('GET', '/api/backend/laboratories/fx-waw');
      expect(waw.body).toMatchObject({ visitFee: 25, visitFeeFrom: 25 });
      const all = await shop.api.call('GET', '/api/backend/laboratories');
      const byId = new Map((all.body as unknown as { id: string; visitFeeFrom: number }[]).map((l) => [l.id, l.visitFeeFrom]));
      // Berlin has no zones: it visits all of Germany for its standard fee.
      expect([byId.get('fx-ber'), byId.get('fx-msk'), byId.get('fx-waw')]).toEqual([9, 12, 25]);
    } finally {
      await shop.db.db.deleteFrom('laboratory_zones').where('laboratory_id', '=', 'fx-msk').where('prefix', '=', '221').execute();
    }
  });
});

describe('order creation recomputes coverage and the fee', () => {
  async function cartUser() {
    const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-waw' });
    const anna = await createFixturePatient(shop.db.db, user.id, { firstName: 'Anna' });
    await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [anna] } });
    return user;
  }
  const body = (slot: { id: number; start: string }, postalCode: string, extra: Record<string, unknown> = {}) => ({
    laboratoryId: 'fx-waw',
    nurseCheckoutDate: slot.start,
    orderSlotId: slot.id,
    orderAddress: { country: 'PL', city: 'Piaseczno', postalCode, street: 'Puławska 1', ...extra },
    feedbackDetails: { useEmail: true, usePhone: false, quickPhone: '' },
  });

  it('an unserved address is a 400 naming orderAddress.postalCode, and nothing is written', async () => {
    const user = await cartUser();
    const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 2);
    const res = await shop.api.call('POST', '/api/order/create', { token: user.token, body: body(slot, '99-999') });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'address_not_served', fields: { 'orderAddress.postalCode': 'The laboratory does not make home visits to this postal code' } });
    const bad = await shop.api.call('POST', '/api/order/create', { token: user.token, body: body(slot, '2207') });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fields: { 'orderAddress.postalCode': 'Enter a Polish postal code like 00-950' } });
    expect(await shop.db.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    expect((await shop.db.db.selectFrom('nurse_slots').select('booked').where('id', '=', slot.id).executeTakeFirstOrThrow()).booked).toBe(0);
    expect(await shop.db.db.selectFrom('cart_lines').select('analysis_id').where('user_id', '=', user.id).execute()).toHaveLength(1);
  });

  it("charges the zone's fee, whatever fee the client sends", async () => {
    const user = await cartUser();
    const slot = await createFixtureSlot(shop.db.db, 'fx-waw', 2);
    const res = await shop.api.call('POST', '/api/order/create', {
      token: user.token,
      body: { ...body(slot, '05-500'), deliveryPrice: 0, visitFee: 0 },
    });
    expect(res.status).toBe(200);
    const order = await shop.db.db.selectFrom('orders').selectAll().where('id', '=', res.body.orderId as number).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ address_postal_code: '05-500', delivery_price_minor: 4500, total_minor: order.subtotal_minor + 4500 });
    const read = await shop.api.call('GET', `/api/order/${order.id}`, { token: user.token });
    expect(read.body).toMatchObject({ deliveryPrice: 45, address: { postalCode: '05-500' } });
  });
});

describe('demo zones', () => {
  it('every demo laboratory serves zones; a district of one laboratory names it for the others', async () => {
    const demo = await createTestDb({ seed: false });
    try {
      await seedDemo(demo.db);
      const labs = await demo.db.selectFrom('laboratories').select('id').execute();
      const zoned = new Set((await demo.db.selectFrom('laboratory_zones').select('laboratory_id').execute()).map((z) => z.laboratory_id));
      expect(labs.length).toBeGreaterThan(0);
      for (const l of labs) expect(zoned.has(l.id)).toBe(true);
      // Praga (03-734) is served by warsaw-praga only.
      const praga = await laboratoriesServing(demo.db, 'PL', '03-734');
      expect(praga.map((c) => [c.laboratory.id, c.visitFeeMinor])).toEqual([['warsaw-praga', 4500]]);
      expect((await laboratoriesServing(demo.db, 'LT', 'LT-03116')).map((c) => c.laboratory.id)).toContain('vilnius-naujamiestis');
      expect((await laboratoriesServing(demo.db, 'BY', '230025')).map((c) => c.laboratory.id)).toEqual(['grodno-centre']);
      expect(await laboratoriesServing(demo.db, 'PL', '99-999')).toEqual([]);
    } finally {
      await demo.cleanup();
      setDbForTests(shop.db);
    }
  });
});
