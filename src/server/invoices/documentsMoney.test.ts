import { setUpShopSuite } from '@/server/testing/shopSuite';
import { createFixturePatient, createFixtureSlot, createFixtureUser } from '@/server/testing/shopFixtures';
import { createUser } from '@/server/testing/orderFixtures';
import { pdfText } from '@/server/testing/pdfText';
import { createPromo } from '@/server/orders/promo';
import { stopBosses } from '@/server/jobs/pgBossQueue';
import type { ShopOrderDto } from '@/shared/types/order';
import { fa3Errors } from './fa3Validate';

/**
 * An order placed through the shop with sample materials bought (one sold as goods at 23 % VAT) and
 * a promo code: its receipt, VAT invoice and FA(3) XML carry every charged line and add up to what
 * the order charged; the laboratory's staff reading the invoice files show in the patient's access log.
 */
jest.mock('../mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));
const shop = setUpShopSuite();
afterAll(async () => {
  await stopBosses(1000);
});

const buyer = { taxId: '5260250274', name: 'Zakład Usługowy Żuraw', address: { street: 'ul. Długa 1', postalCode: '31-146', city: 'Kraków', country: 'PL' } };
const minor = (s: string) => Math.round(Number(s) * 100);
const all = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1] as string);
const one = (xml: string, tag: string) => all(xml, tag)[0];

test('an order with bought materials and a promo code: receipt, invoice and XML list every line and sum to the order total', async () => {
  const { db } = shop.db;
  await db.updateTable('materials').set({ vat_rate: '23' }).where('id', '=', shop.fx.materials.gelTube).execute();
  await db
    .insertInto('laboratory_sellers')
    .values({ laboratory_id: 'fx-waw', legal_name: 'Lab Test Sp. z o.o.', tax_id: '5250000015', street: 'ul. Marszałkowska 1', postal_code: '00-001', city: 'Warszawa', country: 'PL' })
    .execute();
  const code = `SEVEN${Date.now().toString(36).toUpperCase()}`;
  await createPromo(db, { code, laboratoryId: 'fx-waw', percent: 7 });

  const user = await createFixtureUser(db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(db, user.id, { firstName: 'Anna' });
  const ben = await createFixturePatient(db, user.id, { firstName: 'Ben' });
  // Anna: blood count and glucose (the blood tube once, the optional gel tube bought); Ben: blood count (his own blood tube).
  for (const [analysisId, patientIds] of [
    [shop.fx.analyses.cbc, [anna, ben]],
    [shop.fx.analyses.glucose, [anna]],
  ] as const) {
    const add = (map?: Record<string, boolean>) =>
      shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId, patientIds, ...(map ? { updateToIsBoughtOptionalMaterialMap: map } : {}) } });
    let res = await add();
    // The optional gel tube: bought.
    if (res.body.status === 'optionalMaterialDecisionRequested') res = await add(Object.fromEntries(Object.keys(res.body.isBoughtOptionalMaterialMap).map((k) => [k, true])));
    expect(res.body.status).toBe('added');
  }
  const slot = await createFixtureSlot(db, 'fx-waw', 5);
  const placed = await shop.api.call('POST', '/api/order/create', {
    token: user.token,
    body: {
      laboratoryId: 'fx-waw',
      nurseCheckoutDate: slot.start,
      orderSlotId: slot.id,
      orderAddress: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Prosta 5' },
      feedbackDetails: { useEmail: true, usePhone: false, quickPhone: '' },
      promoCode: code,
      paymentMethod: 'on_visit',
    },
  });
  expect(placed.status).toBe(200);
  const orderId = placed.body.orderId as number;
  const order = (await shop.api.call('GET', `/api/order/${orderId}`, { token: user.token })).body as ShopOrderDto;
  // 20 + 30 + 5 + 7 (Anna) + 20 + 5 (Ben) = 87.00; 7 % off = 6.09; visit 25.00.
  expect([order.subtotal, order.discount, order.deliveryPrice, order.total]).toEqual([87, 6.09, 25, 105.91]);

  const staff = await createUser(db, { role: 'staff', staffLaboratoryId: 'fx-waw' });
  for (const status of ['visit_confirmed', 'sample_collected'] as const) {
    expect((await shop.api.call('POST', `/api/backend/staff/orders/${orderId}/status`, { token: staff.token, body: { status } })).status).toBe(200);
  }
  const base = `/api/backend/orders/${orderId}`;
  const get = (path: string, token: string) => fetch(`${shop.api.url}${path}`, { headers: { authorization: `Bearer ${token}`, cookie: 'lang=en' } });

  const receiptRes = await get(`${base}/receipt.pdf`, user.token);
  expect([receiptRes.status, receiptRes.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  const receipt = await pdfText(Buffer.from(await receiptRes.arrayBuffer()));
  expect(receipt).toContain('Sample material: Gel tube');
  expect(receipt.match(/Sample material: Blood tube/g)).toHaveLength(2);
  expect(receipt).toContain('incl. 23% VAT');
  expect(receipt).toContain('105.91');

  expect((await shop.api.call('POST', `${base}/invoice`, { token: user.token, body: { buyer } })).status).toBe(201);
  const xml = await (await get(`${base}/invoice.xml`, user.token)).text();
  expect(fa3Errors(xml)).toBeNull();
  expect(one(xml, 'P_15')).toBe('105.91');
  // Seven lines: three analyses, three materials, the visit; together exactly the order's total.
  const values = [...all(xml, 'P_11'), ...all(xml, 'P_11A')].map(minor);
  expect(values).toHaveLength(7);
  expect(values.reduce((a, b) => a + b, 0)).toBe(10591);
  expect(all(xml, 'P_7')).toEqual(expect.arrayContaining(['Materiał do pobrania próbki: Gel tube', 'Materiał do pobrania próbki: Blood tube']));
  // The gel tube (7.00 less its share of the discount: 6.51) at 23 %: net 5.29 + VAT 1.22; the rest exempt.
  expect(all(xml, 'P_12').filter((r) => r === '23')).toHaveLength(1);
  expect(one(xml, 'P_11A')).toBe('6.51');
  expect([one(xml, 'P_13_1'), one(xml, 'P_14_1')]).toEqual(['5.29', '1.22']);
  expect(one(xml, 'P_13_7')).toBe('99.40');
  expect(one(xml, 'P_19')).toBe('1');

  const pdf = await pdfText(Buffer.from(await (await get(`${base}/invoice.pdf`, user.token)).arrayBuffer()));
  expect(pdf).toContain('Gel tube');
  expect(pdf).toContain('23%');
  expect(pdf).toContain('VAT 23%');

  // The owner's own reads are not in the access log; the staff's reads of the list, the PDF and the XML are.
  const reads = () => db.selectFrom('audit_events').select(['detail', 'actor_user_id', 'subject_user_id']).where('order_id', '=', orderId).where('action', '=', 'health_read').orderBy('id').execute();
  const before = (await reads()).length;
  expect((await shop.api.call('GET', `${base}/invoices`, { token: user.token })).status).toBe(200);
  expect(await reads()).toHaveLength(before);
  expect((await shop.api.call('GET', `${base}/invoices`, { token: staff.token })).status).toBe(200);
  expect((await get(`${base}/invoice.pdf`, staff.token)).status).toBe(200);
  expect((await get(`${base}/invoice.xml`, staff.token)).status).toBe(200);
  const after = (await reads()).slice(before);
  expect(after.map((r) => r.detail)).toEqual(['invoices', expect.stringMatching(/^invoice pdf FV\/\d{4}\/000001$/), expect.stringMatching(/^invoice xml FV\/\d{4}\/000001$/)]);
  expect(after.every((r) => r.actor_user_id === staff.id && r.subject_user_id === user.id)).toBe(true);
  // Four PDFs read back in child processes and three schema checks: slow on a busy machine.
}, 120_000);
