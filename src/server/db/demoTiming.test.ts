import { createTestDb, type TestDb } from '@/server/testing/testDb';

/** The demo catalogue carries the timing rules laboratories advise (seed and migration 0011_6), on SQLite and PostgreSQL. */
let tdb: TestDb;
beforeAll(async () => {
  tdb = await createTestDb({ seed: true });
});
afterAll(async () => {
  await tdb.cleanup();
});

test('glucose and lipids fasting 8-12 h, cortisol and testosterone before 10:00, FSH/LH/estradiol days 2-5, progesterone days 19-23', async () => {
  const rows = await tdb.db
    .selectFrom('analyses')
    .select(['code', 'timing_fasting_min', 'timing_fasting_max', 'timing_latest_local_time', 'timing_cycle_from', 'timing_cycle_to'])
    .where('code', 'in', ['GB004', 'GB006', 'HR006', 'HR015', 'HR012', 'HR014', 'GB001'])
    .orderBy('code')
    .execute();
  const t = Object.fromEntries(rows.map((r) => [r.code, [r.timing_fasting_min, r.timing_fasting_max, r.timing_latest_local_time, r.timing_cycle_from, r.timing_cycle_to]]));
  expect(t).toEqual({
    GB001: [null, null, null, null, null],
    GB004: [8, 12, null, null, null],
    GB006: [8, 12, null, null, null],
    HR006: [null, null, '10:00', null, null],
    HR012: [null, null, null, 2, 5],
    HR014: [null, null, null, 19, 23],
    HR015: [null, null, '10:00', null, null],
  });
});
