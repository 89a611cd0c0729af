import type { Db } from '@/server/db/createDb';

/** Reads and writes of held sensitive results (`result_holds`) and the analyses' sensitivity. */

export type Sensitivity = '' | 'always' | 'minor';

export interface HoldRow {
  order_id: number;
  patient_id: number;
  analysis_id: number;
  laboratory_id: string;
  held_at: string;
  release_due: string;
  released_at: string | null;
  released_by: number | null;
  release_note: string;
}

const HOLD_COLUMNS = ['order_id', 'patient_id', 'analysis_id', 'laboratory_id', 'held_at', 'release_due', 'released_at', 'released_by', 'release_note'] as const;

/** The sensitivity of analyses, by id (those not sensitive are left out). */
export async function findSensitivity(db: Db, analysisIds: number[]): Promise<Map<number, Sensitivity>> {
  const ids = [...new Set(analysisIds)];
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('analyses').select(['id', 'sensitive']).where('id', 'in', ids).where('sensitive', '<>', '').execute();
  return new Map(rows.map((r) => [r.id, r.sensitive]));
}

/** Holds a result; a result held (or released) before keeps its hold as it is. */
export async function insertHold(db: Db, row: Omit<HoldRow, 'released_at' | 'released_by' | 'release_note'>): Promise<void> {
  await db.insertInto('result_holds').values(row).onConflict((oc) => oc.doNothing()).execute();
}

export async function findHoldsOfOrders(db: Db, orderIds: number[]): Promise<HoldRow[]> {
  if (!orderIds.length) return [];
  return db.selectFrom('result_holds').select(HOLD_COLUMNS).where('order_id', 'in', orderIds).execute();
}

export async function findHold(db: Db, orderId: number, patientId: number, analysisId: number): Promise<HoldRow | undefined> {
  return db.selectFrom('result_holds').select(HOLD_COLUMNS).where('order_id', '=', orderId).where('patient_id', '=', patientId).where('analysis_id', '=', analysisId).executeTakeFirst();
}

/** Releases a hold not yet released; true when this call released it. */
export async function releaseHold(db: Db, key: { order_id: number; patient_id: number; analysis_id: number }, at: string, by: number | null, note: string): Promise<boolean> {
  const res = await db
    .updateTable('result_holds')
    .set({ released_at: at, released_by: by, release_note: note })
    .where('order_id', '=', key.order_id)
    .where('patient_id', '=', key.patient_id)
    .where('analysis_id', '=', key.analysis_id)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export interface HeldResultRow extends HoldRow {
  result_id: number;
  number: string;
  code: string;
  name: string;
  value_num: number | null;
  value_text: string | null;
  unit: string;
  interpretation: string | null;
}

/** The laboratory's results still held, oldest first. */
export async function listHeldOfLaboratory(db: Db, laboratoryId: string): Promise<HeldResultRow[]> {
  return db
    .selectFrom('result_holds')
    .innerJoin('analysis_results', (j) =>
      j.onRef('analysis_results.order_id', '=', 'result_holds.order_id').onRef('analysis_results.patient_id', '=', 'result_holds.patient_id').onRef('analysis_results.analysis_id', '=', 'result_holds.analysis_id'),
    )
    .innerJoin('analyses', 'analyses.id', 'result_holds.analysis_id')
    .innerJoin('orders', 'orders.id', 'result_holds.order_id')
    .select([
      'result_holds.order_id',
      'result_holds.patient_id',
      'result_holds.analysis_id',
      'result_holds.laboratory_id',
      'result_holds.held_at',
      'result_holds.release_due',
      'result_holds.released_at',
      'result_holds.released_by',
      'result_holds.release_note',
      'analysis_results.id as result_id',
      'orders.number',
      'analyses.code',
      'analyses.name',
      'analysis_results.value_num',
      'analysis_results.value_text',
      'analysis_results.unit',
      'analysis_results.interpretation',
    ])
    .where('result_holds.laboratory_id', '=', laboratoryId)
    .where('result_holds.released_at', 'is', null)
    .orderBy('result_holds.held_at')
    .execute();
}

/** The (order, patient, analysis) and laboratory of a result, by its id. */
export async function findResultKey(db: Db, resultId: number): Promise<{ order_id: number; patient_id: number; analysis_id: number; laboratory_id: string } | undefined> {
  return db
    .selectFrom('analysis_results')
    .innerJoin('orders', 'orders.id', 'analysis_results.order_id')
    .select(['analysis_results.order_id', 'analysis_results.patient_id', 'analysis_results.analysis_id', 'orders.laboratory_id'])
    .where('analysis_results.id', '=', resultId)
    .executeTakeFirst();
}
