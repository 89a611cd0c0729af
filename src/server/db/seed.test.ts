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

test('one price list lacks a price for some analyses', async () => {
  const perList = await tdb.db.selectFrom('analysis_prices').select(['price_list_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('price_list_id').execute();
  const counts = perList.map((r) => Number(r.n));
  const total = await count('analyses');
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

test('the search terms index every analysis', async () => {
  const rows = await tdb.db.selectFrom('analysis_search_terms').select('analysis_id').distinct().execute();
  expect(rows.length).toBe(await count('analyses'));
});
