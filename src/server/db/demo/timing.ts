import type { Kysely } from 'kysely';

/**
 * When laboratories advise drawing these demo analyses: glucose and the lipid panel after 8-12 hours
 * of fasting, cortisol and testosterone before 10:00, FSH, LH and estradiol on cycle days 2-5,
 * progesterone on days 19-23. Written by the seed and by migration 0011_6 into a database seeded before.
 */
export const DEMO_TIMING: Record<string, { fastingMin?: number; fastingMax?: number; latest?: string; cycleFrom?: number; cycleTo?: number }> = {
  GB004: { fastingMin: 8, fastingMax: 12 },
  GB006: { fastingMin: 8, fastingMax: 12 },
  GB007: { fastingMin: 8, fastingMax: 12 },
  GB008: { fastingMin: 8, fastingMax: 12 },
  GB009: { fastingMin: 8, fastingMax: 12 },
  HR006: { latest: '10:00' },
  HR015: { latest: '10:00' },
  HR011: { cycleFrom: 2, cycleTo: 5 },
  HR012: { cycleFrom: 2, cycleTo: 5 },
  HR013: { cycleFrom: 2, cycleTo: 5 },
  HR014: { cycleFrom: 19, cycleTo: 23 },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function applyDemoTiming(db: Kysely<any>): Promise<void> {
  for (const [code, t] of Object.entries(DEMO_TIMING)) {
    await db
      .updateTable('analyses')
      .set({
        timing_fasting_min: t.fastingMin ?? null,
        timing_fasting_max: t.fastingMax ?? null,
        timing_latest_local_time: t.latest ?? null,
        timing_cycle_from: t.cycleFrom ?? null,
        timing_cycle_to: t.cycleTo ?? null,
      })
      .where('code', '=', code)
      .execute();
  }
}
