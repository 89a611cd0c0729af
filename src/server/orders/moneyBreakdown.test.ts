import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { createFixturePatient, createFixtureSlot, createFixtureUser } from '@/server/testing/shopFixtures';
import { DEMO_PROFILES } from '@/server/db/demo/catalogue';
import { breakdownLines, cartBreakdown, orderDetailBreakdown, shopOrderBreakdown, type MoneyBreakdown } from '@/shared/breakdown';
import { toMinor } from '@/shared/money';
import type { CartDto, LaboratoryDto, ProfileDto } from '@/shared/types/api';

/**
 * For every demo profile, bought into the cart of a Warsaw laboratory (optional materials bought for
 * one profile, brought for the next) and ordered: the lines the cart, the order-submitted page and
 * the order page list (tests per patient, each material bought, home visit, discount) add up to the
 * total the server charged.
 */
let tdb: TestDb;
let api: TestApiServer;
jest.mock('@/server/mail/mailer', () => ({ ...jest.requireActual<object>('../mail/mailer'), sendMail: jest.fn(async () => undefined) }));
jest.setTimeout(120000);

beforeAll(async () => {
  tdb = await createTestDb({ seed: true });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

const LAB = 'warsaw-mokotow';
const sum = (b: MoneyBreakdown) => breakdownLines(b).reduce((s, l) => s + l.minor, 0);

test('the listed lines sum to the total for every demo profile, in the cart, after ordering and on the order page', async () => {
  const profiles = (await api.call('GET', `/api/backend/profiles?laboratoryId=${LAB}`)).body as ProfileDto[];
  const lab = (await api.call('GET', `/api/backend/laboratories/${LAB}`)).body as LaboratoryDto;
  expect(profiles.length).toBe(DEMO_PROFILES.length);
  const slot = await createFixtureSlot(tdb.db, LAB, 1000, 5);
  let withMaterials = 0;
  for (const [index, profile] of profiles.entries()) {
    const user = await createFixtureUser(tdb.db, { laboratoryId: LAB });
    const restricted = profile.labServices.find((a) => a.restrictions.gender)?.restrictions.gender;
    // A patient every analysis of the profile applies to (sex and age).
    const minAge = Math.max(0, ...profile.labServices.map((a) => a.restrictions.minAge ?? 0));
    const maxAge = Math.min(120, ...profile.labServices.map((a) => a.restrictions.maxAge ?? 120));
    const age = Math.min(Math.max(40, minAge), maxAge);
    const born = `${new Date().getUTCFullYear() - age}-01-01`;
    const patient = await createFixturePatient(tdb.db, user.id, { gender: restricted === 'male' ? 'male' : 'female', dateOfBirth: born });
    const add = (map?: Record<string, boolean>) =>
      api.call('POST', `/api/cart/add-profile-to-cart?laboratoryId=${LAB}`, { token: user.token, body: { profileId: profile.id, patientIds: [patient], ...(map ? { updateToIsBoughtOptionalMaterialMap: map } : {}) } });
    let res = await add();
    if (res.body.status === 'optionalMaterialDecisionRequested') {
      const decided = Object.fromEntries(Object.keys(res.body.isBoughtOptionalMaterialMap).map((k) => [k, index % 2 === 0]));
      res = await add(decided);
    }
    expect([profile.code, res.body.status]).toEqual([profile.code, 'added']);
    const cart = res.body.cart as CartDto;
    const inCart = cartBreakdown(cart, lab.visitFee ?? 0, true);
    // The cart's own total (tests and materials) is the breakdown without the visit.
    expect([profile.code, inCart.totalMinor - inCart.visitFeeMinor]).toEqual([profile.code, toMinor(cart.cartTotal.price)]);
    expect(sum(inCart)).toBe(inCart.totalMinor);
    if (inCart.materialsMinor > 0) withMaterials += 1;

    const created = await api.call('POST', '/api/order/create', {
      token: user.token,
      body: {
        laboratoryId: LAB,
        nurseCheckoutDate: slot.start,
        orderSlotId: slot.id,
        orderAddress: { country: 'PL', city: 'Warszawa', postalCode: '02-715', street: 'Puławska 1' },
        feedbackDetails: { useEmail: true, usePhone: false, quickPhone: '' },
      },
    });
    expect([profile.code, created.status, created.body.error]).toEqual([profile.code, 200, undefined]);
    const orderId = created.body.orderId as number;
    const submitted = (await api.call('GET', `/api/order/${orderId}`, { token: user.token })).body;
    const fromSubmitted = shopOrderBreakdown(submitted);
    expect([profile.code, fromSubmitted.totalMinor, sum(fromSubmitted)]).toEqual([profile.code, toMinor(submitted.total), toMinor(submitted.total)]);
    const detail = (await api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token })).body;
    const fromDetail = orderDetailBreakdown(detail);
    expect([profile.code, fromDetail.totalMinor, sum(fromDetail)]).toEqual([profile.code, toMinor(detail.total.price), toMinor(detail.total.price)]);
    // The same lines on both pages: the venous kit is listed wherever it is charged.
    expect(fromDetail.patients.map((p) => p.materials)).toEqual(fromSubmitted.patients.map((p) => p.materials));
  }
  expect(withMaterials).toBeGreaterThan(0);
});
