import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { seedShopFixture, type ShopFixture } from '@/server/testing/shopFixtures';
import { ageOn, loadPricingCatalogue, priceCart, restrictionAllows } from './pricing';

let db: TestDb;
let fx: ShopFixture;

beforeAll(async () => {
  db = await createTestDb({ seed: false });
  fx = await seedShopFixture(db.db);
});
afterAll(async () => {
  await db.cleanup();
});

const line = (patientId: number, analysisId: number) => ({ patientId, analysisId, profileId: null });

test('a material needed by several analyses of one patient is charged once for that patient', async () => {
  const { cbc, glucose } = fx.analyses;
  const catalogue = await loadPricingCatalogue(db.db, fx.labs.warsaw, [cbc, glucose]);
  const priced = priceCart([line(1, cbc), line(1, glucose), line(2, cbc)], catalogue, new Map([[fx.materials.gelTube, false]]));
  expect(priced.currency).toBe('PLN');
  const p1 = priced.patients.get(1);
  const p2 = priced.patients.get(2);
  // Patient 1: 20 + 30 + one blood tube 5 (gel tube brought by the patient).
  expect(p1?.subtotalMinor).toBe(5500);
  expect(p1?.materials.get(fx.materials.bloodTube)).toMatchObject({ analysisIds: [cbc, glucose], bought: true, chargedMinor: 500 });
  expect(p1?.materials.get(fx.materials.gelTube)).toMatchObject({ bought: false, chargedMinor: 0 });
  // Patient 2 pays their own blood tube: 20 + 5.
  expect(p2?.subtotalMinor).toBe(2500);
  expect(priced.totalMinor).toBe(8000);
  expect(priced.optionalMaterialDecisions.get(fx.materials.gelTube)).toBe(false);
});

test('an optional material is charged only when the user decided to buy it', async () => {
  const { glucose } = fx.analyses;
  const catalogue = await loadPricingCatalogue(db.db, fx.labs.warsaw, [glucose]);
  const bought = priceCart([line(1, glucose)], catalogue, new Map([[fx.materials.gelTube, true]]));
  const declined = priceCart([line(1, glucose)], catalogue, new Map([[fx.materials.gelTube, false]]));
  expect(bought.totalMinor).toBe(3000 + 500 + 700);
  expect(declined.totalMinor).toBe(3000 + 500);
});

test('a material required by one analysis and optional for another is required for the patient', async () => {
  const catalogue = await loadPricingCatalogue(db.db, fx.labs.warsaw, [fx.analyses.glucose]);
  // Make the gel tube required through a second, hand-made analysis entry.
  catalogue.analyses.set(999, { id: 999, priceMinor: 100, materials: [{ id: fx.materials.gelTube, name: 'Gel tube', priceMinor: 700, optional: false }] });
  const priced = priceCart([line(1, fx.analyses.glucose), line(1, 999)], catalogue, new Map([[fx.materials.gelTube, false]]));
  expect(priced.patients.get(1)?.materials.get(fx.materials.gelTube)).toMatchObject({ bought: true, chargedMinor: 700 });
  expect(priced.optionalMaterialDecisions.has(fx.materials.gelTube)).toBe(false);
});

test('prices and currency come from the laboratory price list, with its visit fee', async () => {
  const ids = [fx.analyses.cbc];
  const waw = priceCart([line(1, fx.analyses.cbc)], await loadPricingCatalogue(db.db, fx.labs.warsaw, ids), new Map());
  const ber = priceCart([line(1, fx.analyses.cbc)], await loadPricingCatalogue(db.db, fx.labs.berlin, ids), new Map());
  const msk = priceCart([line(1, fx.analyses.cbc)], await loadPricingCatalogue(db.db, fx.labs.minsk, ids), new Map());
  expect([waw.currency, waw.totalMinor, waw.visitFeeMinor]).toEqual(['PLN', 2500, 2500]);
  expect([ber.currency, ber.totalMinor, ber.visitFeeMinor]).toEqual(['EUR', 650, 900]);
  // The Minsk price list has no price for the blood tube: it costs nothing there.
  expect([msk.currency, msk.totalMinor, msk.visitFeeMinor]).toEqual(['BYN', 1800, 1500]);
});

test('no laboratory prices nothing, in EUR; analyses without a price are reported', async () => {
  const none = priceCart([line(1, fx.analyses.cbc)], await loadPricingCatalogue(db.db, null, [fx.analyses.cbc]), new Map());
  expect([none.currency, none.totalMinor, none.visitFeeMinor]).toEqual(['EUR', 0, 0]);
  const ber = priceCart([line(1, fx.analyses.prenatal)], await loadPricingCatalogue(db.db, fx.labs.berlin, [fx.analyses.prenatal]), new Map());
  expect(ber.unpricedAnalysisIds).toEqual([fx.analyses.prenatal]);
  expect(priceCart([], await loadPricingCatalogue(db.db, fx.labs.warsaw, []), new Map()).totalMinor).toBe(0);
});

test('restrictions by sex and by age on a given day', () => {
  const femaleOnly = { restriction_gender: 'female' as const, restriction_min_age: null, restriction_max_age: null };
  const adults = { restriction_gender: null, restriction_min_age: 18, restriction_max_age: 65 };
  expect(restrictionAllows(femaleOnly, { gender: 'female', date_of_birth: '1990-01-01' }, '2026-06-01')).toBe(true);
  expect(restrictionAllows(femaleOnly, { gender: 'male', date_of_birth: '1990-01-01' }, '2026-06-01')).toBe(false);
  expect(ageOn('2008-06-02', '2026-06-01')).toBe(17);
  expect(ageOn('2008-06-01', '2026-06-01')).toBe(18);
  expect(restrictionAllows(adults, { gender: 'male', date_of_birth: '2008-06-02' }, '2026-06-01')).toBe(false);
  expect(restrictionAllows(adults, { gender: 'male', date_of_birth: '2008-06-01' }, '2026-06-01')).toBe(true);
  expect(restrictionAllows(adults, { gender: 'male', date_of_birth: '1960-01-01' }, '2026-06-01')).toBe(false);
});
