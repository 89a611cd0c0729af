import type { Db } from '@/server/db/createDb';
import type { Insertable, Selectable } from 'kysely';
import type { AnalysisReferenceRangeTable, AnalysisResultRevisionTable, AnalysisResultTable, ResultFlag, ResultInterpretation } from '@/server/db/schema';

import { findPanels, lineResultState } from '@/server/results/panels';

/** Reads and writes of analysis results. */
type Q = Db;

export type ResultRow = Selectable<AnalysisResultTable> & {
  code: string;
  name: string;
  description: string;
  loinc: string | null;
  ucum_unit: string | null;
};

const resultColumns = [
  'analysis_results.id',
  'analysis_results.order_id',
  'analysis_results.patient_id',
  'analysis_results.analysis_id',
  'analysis_results.value_num',
  'analysis_results.value_text',
  'analysis_results.unit',
  'analysis_results.ref_low',
  'analysis_results.ref_high',
  'analysis_results.ref_text',
  'analysis_results.flag',
  'analysis_results.interpretation',
  'analysis_results.range_source',
  'analysis_results.range_reason',
  'analysis_results.comment',
  'analysis_results.entered_by',
  'analysis_results.entered_at',
  'analysis_results.corrected_at',
  'analysis_results.preliminary',
  'analyses.code',
  'analyses.name',
  'analyses.description',
  'analyses.loinc',
  'analyses.ucum_unit',
] as const;

export async function listOrderResults(db: Q, orderIds: number[]): Promise<ResultRow[]> {
  if (!orderIds.length) return [];
  return db
    .selectFrom('analysis_results')
    .innerJoin('analyses', 'analyses.id', 'analysis_results.analysis_id')
    .select(resultColumns)
    .where('analysis_results.order_id', 'in', orderIds)
    .orderBy('analysis_results.order_id')
    .orderBy('analysis_results.patient_id')
    .orderBy('analysis_results.id')
    .execute();
}


export interface HistoryRow {
  id: number;
  order_id: number;
  number: string;
  start_at: string;
  value_num: number | null;
  value_text: string | null;
  unit: string;
  flag: ResultFlag;
  interpretation: ResultInterpretation | null;
  ref_low: number | null;
  ref_high: number | null;
}

/** Results of one analysis for one patient over the orders of one user, oldest visit first. */
/** The patient's results of one analysis over the user's orders; only `laboratoryId`'s orders when given. */
export async function listHistory(db: Q, userId: number, patientId: number, analysisId: number, laboratoryId: string | null = null): Promise<HistoryRow[]> {
  let q = db
    .selectFrom('analysis_results')
    .innerJoin('orders', 'orders.id', 'analysis_results.order_id')
    .innerJoin('nurse_slots', 'nurse_slots.id', 'orders.slot_id')
    .select([
      'analysis_results.id',
      'analysis_results.order_id',
      'orders.number',
      'nurse_slots.start_at',
      'analysis_results.value_num',
      'analysis_results.value_text',
      'analysis_results.unit',
      'analysis_results.flag',
      'analysis_results.interpretation',
      'analysis_results.ref_low',
      'analysis_results.ref_high',
    ])
    .where('orders.user_id', '=', userId)
    .where('orders.status', '!=', 'cancelled')
    .where('analysis_results.patient_id', '=', patientId)
    .where('analysis_results.analysis_id', '=', analysisId);
  if (laboratoryId !== null) q = q.where('orders.laboratory_id', '=', laboratoryId);
  return q.orderBy('nurse_slots.start_at').orderBy('analysis_results.id').execute();
}

/** Order ids of the user's orders that have results, newest order first. */
export async function listUserOrderIdsWithResults(db: Q, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['orders.id'])
    .where('orders.user_id', '=', userId)
    .where((eb) => eb.exists(eb.selectFrom('analysis_results').select('analysis_results.id').whereRef('analysis_results.order_id', '=', 'orders.id')))
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

/** A result row as written: every column but the generated id. */
export type ResultWrite = Omit<Insertable<AnalysisResultTable>, 'id'>;

/** Inserts or replaces the result of (order, patient, analysis). */
export async function upsertResult(db: Q, row: ResultWrite): Promise<void> {
  await db
    .insertInto('analysis_results')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['order_id', 'patient_id', 'analysis_id']).doUpdateSet({
        value_num: row.value_num,
        value_text: row.value_text,
        unit: row.unit,
        ref_low: row.ref_low,
        ref_high: row.ref_high,
        ref_text: row.ref_text,
        flag: row.flag,
        interpretation: row.interpretation,
        range_source: row.range_source,
        range_reason: row.range_reason,
        comment: row.comment,
        entered_by: row.entered_by,
        entered_at: row.entered_at,
        corrected_at: row.corrected_at ?? null,
        preliminary: row.preliminary ?? 0,
      }),
    )
    .execute();
}

export type RevisionRow = Selectable<AnalysisResultRevisionTable>;

/** Keeps the revision a correction replaces (append-only: revisions are never updated or deleted). */
export async function insertRevision(db: Q, row: Omit<Insertable<AnalysisResultRevisionTable>, 'id'>): Promise<void> {
  await db.insertInto('analysis_result_revisions').values(row).execute();
}

/** Earlier revisions of results, oldest first. */
export async function listRevisions(db: Q, resultIds: number[]): Promise<RevisionRow[]> {
  if (!resultIds.length) return [];
  return db.selectFrom('analysis_result_revisions').selectAll().where('result_id', 'in', resultIds).orderBy('result_id').orderBy('id').execute();
}

/** Distinct (patient, analysis) lines of an order and how many of them have a result. */
export async function countLinesAndResults(db: Q, orderId: number): Promise<{ lineCount: number; resultCount: number; finalCount: number }> {
  const lines = await db.selectFrom('order_lines').select(['patient_id', 'analysis_id']).where('order_id', '=', orderId).execute();
  const results = await db.selectFrom('analysis_results').select(['patient_id', 'analysis_id', 'preliminary']).where('order_id', '=', orderId).execute();
  // A panel's line has its result when every component has one.
  const panels = await findPanels(db, lines.map((l) => l.analysis_id));
  const unique = [...new Map(lines.map((l) => [`${l.patient_id}:${l.analysis_id}`, l])).values()];
  const states = unique.map((l) => lineResultState(l, panels, results));
  return { lineCount: unique.length, resultCount: states.filter((s) => s.has).length, finalCount: states.filter((s) => s.final).length };
}

export interface AnalysisScienceRow {
  id: number;
  code: string;
  loinc: string | null;
  result_unit: string | null;
  ucum_unit: string | null;
  ref_low: number | null;
  ref_high: number | null;
  critical_low: number | null;
  critical_high: number | null;
  /** 1: a written report (free text). */
  reports_text: number;
  ranges: Selectable<AnalysisReferenceRangeTable>[];
}

/** Units, intervals and critical limits of analyses, by id. */
export async function findScience(db: Q, analysisIds: number[]): Promise<Map<number, AnalysisScienceRow>> {
  const ids = [...new Set(analysisIds)];
  if (!ids.length) return new Map();
  const [rows, ranges] = await Promise.all([
    db
      .selectFrom('analyses')
      .select(['id', 'code', 'loinc', 'result_unit', 'ucum_unit', 'ref_low', 'ref_high', 'critical_low', 'critical_high', 'reports_text'])
      .where('id', 'in', ids)
      .execute(),
    db.selectFrom('analysis_reference_ranges').selectAll().where('analysis_id', 'in', ids).orderBy('analysis_id').orderBy('position').execute(),
  ]);
  return new Map(rows.map((r) => [r.id, { ...r, ranges: ranges.filter((x) => x.analysis_id === r.id) }]));
}

/** Analyses by LOINC code (the first analysis carrying the code). */
export async function findAnalysesByLoinc(db: Q, codes: string[]): Promise<Map<string, { id: number; code: string }>> {
  if (!codes.length) return new Map();
  const rows = await db.selectFrom('analyses').select(['id', 'code', 'loinc']).where('loinc', 'in', [...new Set(codes)]).orderBy('id').execute();
  const out = new Map<string, { id: number; code: string }>();
  for (const r of rows) if (r.loinc && !out.has(r.loinc)) out.set(r.loinc, { id: r.id, code: r.code });
  return out;
}

export async function findAnalysesByCode(db: Q, codes: string[]): Promise<Map<string, { id: number; result_unit: string | null; ref_low: number | null; ref_high: number | null }>> {
  if (!codes.length) return new Map();
  const rows = await db.selectFrom('analyses').select(['id', 'code', 'result_unit', 'ref_low', 'ref_high']).where('code', 'in', [...new Set(codes)]).execute();
  return new Map(rows.map((r) => [r.code, r]));
}

