import { setUpShopSuite } from '@/server/testing/shopSuite';
import { createFixturePatient, createFixtureSlot, createFixtureUser } from '@/server/testing/shopFixtures';

/** An order at the Minsk laboratory with a Belarusian address (SQLite and PostgreSQL). */
const shop = setUpShopSuite();

async function minskCart() {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: 'fx-msk' });
  const patient = await createFixturePatient(shop.db.db, user.id, { firstName: 'Alesia' });
  const add = await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: shop.fx.analyses.cbc, patientIds: [patient] } });
  expect(add.status).toBe(200);
  return user;
}

const body = (slot: { id: number; start: string }, country: string, postalCode: string) => ({
  laboratoryId: 'fx-msk',
  nurseCheckoutDate: slot.start,
  orderSlotId: slot.id,
  orderAddress: { country, city: 'Minsk', postalCode, street: 'praspiekt Niezaliežnasci 4' },
  feedbackDetails: { useEmail: true, usePhone: false, quickPhone: '' },
});

it('a Minsk order to 220005 in Belarus is accepted with the zone\'s fee in BYN', async () => {
  const user = await minskCart();
  const slot = await createFixtureSlot(shop.db.db, 'fx-msk', 2);
  const res = await shop.api.call('POST', '/api/order/create', { token: user.token, body: body(slot, 'BY', '220005') });
  expect(res.status).toBe(200);
  const read = await shop.api.call('GET', `/api/order/${res.body.orderId as number}`, { token: user.token });
  expect(read.body).toMatchObject({ deliveryPrice: 15, currency: 'BYN', address: { country: 'BY', postalCode: '220005' } });
});

it.each([
  ['BY', '22005', 'Enter a Belarusian postal code of six digits like 220030'],
  ['BY', '220-005', 'Enter a Belarusian postal code of six digits like 220030'],
  // 220005 is not a Polish postal code: the country decides the format.
  ['PL', '220005', 'Enter a Polish postal code like 00-950'],
])('%s %s is a 400 naming orderAddress.postalCode, nothing written', async (country, postalCode, message) => {
  const user = await minskCart();
  const slot = await createFixtureSlot(shop.db.db, 'fx-msk', 2);
  const res = await shop.api.call('POST', '/api/order/create', { token: user.token, body: body(slot, country, postalCode) });
  expect(res.status).toBe(400);
  expect(res.body.fields).toMatchObject({ 'orderAddress.postalCode': message });
  expect(await shop.db.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
});

it('the coverage lookup takes the Belarusian format', async () => {
  const ok = await shop.api.call('GET', '/api/backend/laboratories/fx-msk/coverage?country=BY&postalCode=220005');
  expect(ok.status).toBe(200);
  expect(ok.body).toMatchObject({ country: 'BY', postalCode: '220005', served: true, visitFee: 15, currency: 'BYN' });
  const bad = await shop.api.call('GET', '/api/backend/laboratories/fx-msk/coverage?country=BY&postalCode=22-0005');
  expect(bad.status).toBe(400);
  expect(bad.body.fields).toEqual({ postalCode: 'Enter a Belarusian postal code of six digits like 220030' });
});
