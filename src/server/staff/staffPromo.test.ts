import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { createFixturePatient, createFixtureSlot, createFixtureUser, seedShopFixture } from '@/server/testing/shopFixtures';
import { createUser } from '@/server/testing/orderFixtures';
import { createPromo } from '@/server/orders/promo';
import type { StaffPromoCodeDto } from '@/shared/types/results';

/**
 * Promo codes in the staff console: staff create codes for their own laboratory with the options of
 * `npm run promo:add` (same checks) and list the codes valid there with their use; nurses and
 * customers cannot. On SQLite and (with DATABASE_URL=postgres://...) PostgreSQL.
 */
let db: TestDb;
let api: TestApiServer;

beforeAll(async () => {
  db = await createTestDb({ seed: false });
  await seedShopFixture(db.db);
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await db.cleanup();
});

jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));

test('staff create a code for their laboratory and see it used by an order', async () => {
  const staff = await createUser(db.db, { role: 'staff', staffLaboratoryId: 'fx-waw' });
  const created = await api.call('POST', '/api/backend/staff/promo-codes', {
    token: staff.token,
    body: { code: 'autumn10', percent: 10, minOrder: 20, maxUses: 50, perUser: 1, from: '2026-01-01', to: '2030-12-31', laboratoryId: 'fx-msk' },
  });
  expect(created.status).toBe(201);
  // The laboratory is the staff member's own, whatever the body says.
  expect(created.body).toMatchObject({ code: 'AUTUMN10', laboratoryId: 'fx-waw', kind: 'percent', percent: 10, amount: null, minOrder: 20, currency: 'PLN', maxUses: 50, perUser: 1, usedCount: 0, orderCount: 0 });
  expect(created.body.validFrom).toBe('2026-01-01T00:00:00.000Z');
  expect(created.body.validTo).toBe('2030-12-31T23:59:59.999Z');
  const amount = await api.call('POST', '/api/backend/staff/promo-codes', { token: staff.token, body: { code: 'MINUS15', amount: 15.5 } });
  expect(amount.status).toBe(201);
  expect(amount.body).toMatchObject({ kind: 'amount', amount: 15.5, percent: null });

  // A customer orders with the code; the list shows its use.
  const user = await createFixtureUser(db.db, { laboratoryId: 'fx-waw' });
  const anna = await createFixturePatient(db.db, user.id, { firstName: 'Anna' });
  const fx = await db.db.selectFrom('analyses').select('id').orderBy('id').executeTakeFirstOrThrow();
  expect((await api.call('POST', '/api/cart/add-to-cart', { token: user.token, body: { analysisId: fx.id, patientIds: [anna] } })).body.status).toBe('added');
  const slot = await createFixtureSlot(db.db, 'fx-waw', 2);
  const order = await api.call('POST', '/api/order/create', {
    token: user.token,
    body: {
      laboratoryId: 'fx-waw',
      nurseCheckoutDate: slot.start,
      orderSlotId: slot.id,
      orderAddress: { country: 'PL', city: 'Warsaw', postalCode: '00-683', street: 'Prosta 5' },
      feedbackDetails: { useEmail: true, usePhone: false, quickPhone: '' },
      promoCode: 'MINUS15',
    },
  });
  expect(order.status).toBe(200);

  // Codes of another laboratory stay out; codes for every laboratory are listed.
  await createPromo(db.db, { code: 'MINSKONLY', laboratoryId: 'fx-msk', percent: 5 });
  await createPromo(db.db, { code: 'EVERYWHERE', laboratoryId: null, percent: 3 });
  const list = await api.call('GET', '/api/backend/staff/promo-codes', { token: staff.token });
  expect(list.status).toBe(200);
  const codes = list.body as StaffPromoCodeDto[];
  expect(codes.map((c) => c.code).sort()).toEqual(['AUTUMN10', 'EVERYWHERE', 'MINUS15']);
  expect(codes.find((c) => c.code === 'MINUS15')).toMatchObject({ usedCount: 1, orderCount: 1, discountGiven: 15.5 });
  expect(codes.find((c) => c.code === 'EVERYWHERE')).toMatchObject({ laboratoryId: null });
});

test('the options are checked as for npm run promo:add: 4xx naming the field', async () => {
  const staff = await createUser(db.db, { role: 'staff', staffLaboratoryId: 'fx-waw' });
  const post = (body: unknown) => api.call('POST', '/api/backend/staff/promo-codes', { token: staff.token, body });
  const cases: [unknown, number, string][] = [
    [{ percent: 10 }, 400, 'code'],
    [{ code: 'bad code!', percent: 10 }, 400, 'code'],
    [{ code: 'BOTH1', percent: 10, amount: 5 }, 400, 'percent'],
    [{ code: 'NONE1' }, 400, 'percent'],
    [{ code: 'PCT1', percent: 150 }, 400, 'percent'],
    [{ code: 'PCT2', percent: 'ten' }, 400, 'percent'],
    [{ code: 'AMT1', amount: -5 }, 400, 'amount'],
    [{ code: 'MAX1', percent: 5, maxUses: 0 }, 400, 'maxUses'],
    [{ code: 'PER1', percent: 5, perUser: 1.5 }, 400, 'perUser'],
    [{ code: 'DATE1', percent: 5, from: '2026-02-30' }, 400, 'from'],
    [{ code: 'DATE2', percent: 5, from: '2026-05-02', to: '2026-05-01' }, 400, 'to'],
  ];
  for (const [body, status, field] of cases) {
    const res = await post(body);
    expect([JSON.stringify(body), res.status, Object.keys(res.body.fields ?? {})]).toEqual([JSON.stringify(body), status, [field]]);
  }
  expect((await post({ code: 'TWICE', percent: 5 })).status).toBe(201);
  const twice = await post({ code: 'twice', percent: 5 });
  expect([twice.status, twice.body.fields]).toEqual([409, { code: 'Exists already' }]);
});

test('nurses and customers have no promo console', async () => {
  const nurse = await createUser(db.db, { role: 'staff', staffLaboratoryId: 'fx-waw', staffRole: 'nurse' });
  const customer = await createUser(db.db);
  for (const token of [nurse.token, customer.token]) {
    expect((await api.call('GET', '/api/backend/staff/promo-codes', { token })).status).toBe(403);
    expect((await api.call('POST', '/api/backend/staff/promo-codes', { token, body: { code: 'NOPE1', percent: 5 } })).status).toBe(403);
  }
  expect((await api.call('GET', '/api/backend/staff/promo-codes')).status).toBe(401);
});
