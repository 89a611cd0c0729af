import { createTestDb, type TestDb } from '../testing/testDb';
import { seedDemo } from './seed';
import { ensureSlots, SLOT_DAYS_AHEAD, SLOT_WINDOWS } from '@/server/visits/slots';

/** The demo seed on SQLite and (with DATABASE_URL=postgres://...) PostgreSQL. */
let tdb: TestDb;

beforeAll(async () => {
  tdb = await createTestDb({ seed: true });
});
afterAll(async () => {
  await tdb.cleanup();
});

const count = async (table: 'laboratories' | 'analyses' | 'profiles' | 'price_lists' | 'nurse_slots' | 'materials') => {
  const row = await tdb.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
};

test('the demo seed fills laboratories, price lists, catalogue, profiles and slots', async () => {
  expect(await count('laboratories')).toBeGreaterThanOrEqual(10);
  expect(await count('analyses')).toBeGreaterThanOrEqual(150);
  expect(await count('profiles')).toBeGreaterThanOrEqual(20);
  expect(await count('price_lists')).toBe(5);

  const labs = await tdb.db.selectFrom('laboratories').innerJoin('price_lists', 'price_lists.id', 'laboratories.price_list_id').select(['city_name', 'currency']).execute();
  expect(new Set(labs.map((l) => l.city_name)).size).toBeGreaterThanOrEqual(5);
  expect(new Set(labs.map((l) => l.currency))).toEqual(new Set(['PLN', 'BYN', 'EUR']));

  const popular = await tdb.db.selectFrom('analysis_headers').select('analysis_id').where('header_id', '=', 23).execute();
  expect(popular.length).toBeGreaterThanOrEqual(13);
  expect(popular.length).toBeLessThanOrEqual(17);
  for (const category of [1, 2, 3, 4, 5, 6]) {
    const rows = await tdb.db.selectFrom('analysis_headers').select('analysis_id').where('header_id', '=', category).execute();
    expect(rows.length).toBeGreaterThan(10);
  }
  const restricted = await tdb.db.selectFrom('analyses').select(['name', 'restriction_gender']).where('restriction_gender', 'is not', null).execute();
  expect(restricted).toEqual(expect.arrayContaining([{ name: 'PSA (total)', restriction_gender: 'male' }, { name: 'Anti-Müllerian hormone (AMH)', restriction_gender: 'female' }]));

  const shared = await tdb.db
    .selectFrom('analysis_materials')
    .innerJoin('materials', 'materials.id', 'analysis_materials.material_id')
    .select(['materials.name', 'analysis_materials.optional'])
    .execute();
  expect(shared.filter((m) => m.name === 'Venous blood collection kit').length).toBeGreaterThan(100);
  expect(shared.filter((m) => m.name === 'Urine container').every((m) => m.optional === 1)).toBe(true);

  const profiles = await tdb.db.selectFrom('profiles').select('name').execute();
  expect(profiles.filter((p) => /^Профиль \d+\./.test(p.name)).length).toBeGreaterThanOrEqual(5);
  expect(profiles.map((p) => p.name)).toEqual(expect.arrayContaining(['Профиль 3. Lipid panel', 'Профиль 12. Men\'s health']));
});

/** Analyses sold (every analysis but a panel's components, which are reported under their panel and never priced). */
const sold = async () => (await count('analyses')) - Number((await tdb.db.selectFrom('analysis_panel_components').select((eb) => eb.fn.count<number>('component_id').distinct().as('n')).executeTakeFirstOrThrow()).n);

test('one price list lacks a price for some analyses', async () => {
  const perList = await tdb.db.selectFrom('analysis_prices').select(['price_list_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('price_list_id').execute();
  const counts = perList.map((r) => Number(r.n));
  const total = await sold();
  expect(counts.filter((n) => n === total)).toHaveLength(4);
  expect(Math.min(...counts)).toBeLessThan(total);
});

test('every laboratory has four slots a day for the next 30 days, with a capacity of 2 to 4', async () => {
  const labs = await count('laboratories');
  expect(await count('nurse_slots')).toBe(labs * SLOT_DAYS_AHEAD * SLOT_WINDOWS.length);
  const slots = await tdb.db.selectFrom('nurse_slots').select(['capacity', 'booked', 'start_at', 'end_at']).where('laboratory_id', '=', 'warsaw-mokotow').orderBy('start_at').execute();
  expect(slots.every((s) => s.capacity >= 2 && s.capacity <= 4 && s.booked === 0)).toBe(true);
  // Windows are in local time: 08:00 in Warsaw is 06:00 or 07:00 UTC.
  expect(['06', '07']).toContain(slots[0]?.start_at.slice(11, 13));
});

test('seeding again changes nothing, and slots are topped up to 30 days ahead', async () => {
  const before = await count('analyses');
  expect(await seedDemo(tdb.db)).toBe(false);
  expect(await count('analyses')).toBe(before);

  const slotsBefore = await count('nurse_slots');
  await ensureSlots(tdb.db, 'minsk-centre');
  expect(await count('nurse_slots')).toBe(slotsBefore);
  const later = new Date(Date.now() + 3 * 86400_000);
  await ensureSlots(tdb.db, 'minsk-centre', later);
  expect(await count('nurse_slots')).toBe(slotsBefore + 3 * SLOT_WINDOWS.length);
  await ensureSlots(tdb.db, 'minsk-centre', later);
  expect(await count('nurse_slots')).toBe(slotsBefore + 3 * SLOT_WINDOWS.length);
});

test('the search terms index every analysis sold', async () => {
  const rows = await tdb.db.selectFrom('analysis_search_terms').select('analysis_id').distinct().execute();
  expect(rows.length).toBe(await sold());
});

test('the complete blood count is a panel of components with LOINC, UCUM unit and intervals by sex and age; written reports take text', async () => {
  const components = await tdb.db
    .selectFrom('analysis_panel_components as c')
    .innerJoin('analyses as panel', 'panel.id', 'c.panel_id')
    .innerJoin('analyses as a', 'a.id', 'c.component_id')
    .select(['panel.code as panel', 'a.id', 'a.code', 'a.loinc', 'a.ucum_unit', 'a.result_unit'])
    .where('panel.code', 'in', ['GB001', 'GB002'])
    .orderBy('panel.code')
    .orderBy('c.position')
    .execute();
  const gb001 = components.filter((c) => c.panel === 'GB001').map((c) => c.code.replace('CBC-', ''));
  expect(gb001).toEqual(['WBC', 'RBC', 'HGB', 'HCT', 'MCV', 'MCH', 'MCHC', 'PLT', 'RDW', 'NEUT', 'LYMPH', 'MONO', 'EOS', 'BASO']);
  expect(components.every((c) => /^\d+-\d$/.test(c.loinc ?? '') && c.ucum_unit && c.result_unit)).toBe(true);
  const ranges = await tdb.db.selectFrom('analysis_reference_ranges').select(['analysis_id', 'gender', 'max_age']).where('analysis_id', 'in', components.map((c) => c.id)).execute();
  expect(components.every((c) => ranges.some((r) => r.analysis_id === c.id))).toBe(true);
  const hgb = components.find((c) => c.code === 'CBC-HGB')?.id;
  expect(new Set(ranges.filter((r) => r.analysis_id === hgb).map((r) => r.gender ?? (r.max_age !== null ? 'child' : 'any')))).toEqual(new Set(['male', 'female', 'child']));
  // Not sold alone.
  const priced = await tdb.db.selectFrom('analysis_prices').select('analysis_id').where('analysis_id', 'in', components.map((c) => c.id)).execute();
  expect(priced).toEqual([]);
  const text = await tdb.db.selectFrom('analyses').select(['code', 'reports_text']).where('code', 'in', ['GN001', 'GB040', 'GB004', 'GB001']).orderBy('code').execute();
  expect(text).toEqual([
    { code: 'GB001', reports_text: 0 },
    { code: 'GB004', reports_text: 0 },
    { code: 'GB040', reports_text: 1 },
    { code: 'GN001', reports_text: 1 },
  ]);
});
