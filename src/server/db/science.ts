import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { DEMO_SCIENCE, type ScienceRange } from './demo/science';

/**
 * Writes the demo catalogue's science (LOINC, UCUM unit, critical limits, reference intervals) onto
 * the analyses of the database that carry a demo code and have no intervals yet. Used by the
 * migration that introduced these columns (existing databases) and by the seed (new ones); other
 * analyses and intervals already present are left as they are.
 */
export async function applyDemoScience(db: Kysely<Database>): Promise<number> {
  const codes = Object.keys(DEMO_SCIENCE);
  const rows = await db.selectFrom('analyses').select(['id', 'code']).where('code', 'in', codes).execute();
  if (!rows.length) return 0;
  const withRanges = new Set(
    (await db.selectFrom('analysis_reference_ranges').select('analysis_id').distinct().where('analysis_id', 'in', rows.map((r) => r.id)).execute()).map(
      (r) => r.analysis_id,
    ),
  );
  let updated = 0;
  for (const row of rows) {
    const s = DEMO_SCIENCE[row.code];
    if (!s || withRanges.has(row.id)) continue;
    await db
      .updateTable('analyses')
      .set({ loinc: s.loinc ?? null, ucum_unit: s.ucum ?? null, critical_low: s.criticalLow ?? null, critical_high: s.criticalHigh ?? null })
      .where('id', '=', row.id)
      .execute();
    await insertReferenceRanges(db, row.id, s.ranges ?? []);
    updated += 1;
  }
  return updated;
}

/** The `analysis_reference_ranges` rows of one analysis, in the order given (the first match wins). */
export function referenceRangeRows(analysisId: number, ranges: readonly ScienceRange[]) {
  return ranges.map((r, position) => ({
    analysis_id: analysisId,
    position,
    gender: r.gender ?? null,
    min_age: r.minAge ?? null,
    max_age: r.maxAge ?? null,
    low: r.low ?? null,
    high: r.high ?? null,
    text: r.text ?? null,
  }));
}

/** Writes the reference intervals of one analysis (nothing when there are none). */
export async function insertReferenceRanges(db: Kysely<Database>, analysisId: number, ranges: readonly ScienceRange[]): Promise<void> {
  if (!ranges.length) return;
  await db.insertInto('analysis_reference_ranges').values(referenceRangeRows(analysisId, ranges)).execute();
}
