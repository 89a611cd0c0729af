import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type {
  AnalysisResultDetailDto,
  AnalysisResultDto,
  PatientResultsDto,
  ResultPatientDto,
  TestResultDto,
  TestResultPatientDto,
  TestResultSummaryDto,
} from '@/lib/types/results';
import { computeFlag } from '@/lib/resultFlag';
import { RESULT_ENTRY_STATUSES } from '@/lib/orderLifecycle';
import type { AuthUser } from '../http/auth';
import { badRequest, conflict, notFound } from '../http/errors';
import * as repo from '../repositories/lifecycle';
import * as resultsRepo from '../repositories/results';
import { advanceAfterResults, labDto, loadReadableOrder, notifyChanges, visitDto, type StatusChange } from './orderLifecycle';

/**
 * Test results: the patient's four levels (result sets, patients of a set, one patient's results,
 * one result with its history) and the writing of results by staff or a laboratory system.
 */
type Db = Kysely<Database>;

export const TEST_RESULT_NOT_FOUND = 'Test result not found';
export const RESULTS_NOT_YET = 'Results can be entered once the samples are collected';

/* ---------- shapes ---------- */

export function resultDto(r: resultsRepo.ResultRow): AnalysisResultDto {
  return {
    id: r.id,
    analysisId: r.analysis_id,
    analysisCode: r.code,
    analysisName: r.name,
    value: r.value_num ?? r.value_text ?? '',
    unit: r.unit,
    refLow: r.ref_low,
    refHigh: r.ref_high,
    refText: r.ref_text,
    flag: r.flag,
    comment: r.comment,
    enteredAt: r.entered_at,
  };
}

interface OrderBundle {
  order: repo.OrderRow;
  lines: repo.OrderLineRow[];
  results: resultsRepo.ResultRow[];
  summary: TestResultSummaryDto;
}

async function bundles(db: Db, orders: repo.OrderRow[]): Promise<OrderBundle[]> {
  const ids = orders.map((o) => o.id);
  const [slots, labs, lines, results] = await Promise.all([
    repo.getSlots(db, orders.map((o) => o.slot_id)),
    repo.getLabs(db, orders.map((o) => o.laboratory_id)),
    repo.listLines(db, ids),
    resultsRepo.listOrderResults(db, ids),
  ]);
  return orders.map((order) => {
    const ownLines = lines.filter((l) => l.order_id === order.id);
    const ownResults = results.filter((r) => r.order_id === order.id);
    const updatedAt = ownResults.reduce((max, r) => (r.entered_at > max ? r.entered_at : max), '');
    return {
      order,
      lines: ownLines,
      results: ownResults,
      summary: {
        id: order.id,
        orderNumber: order.number,
        status: order.status,
        createdAt: order.created_at,
        visit: visitDto(order, slots),
        laboratory: labDto(order.laboratory_id, labs),
        patientCount: new Set(ownLines.map((l) => l.patient_id)).size,
        analysisCount: ownLines.length,
        resultCount: ownResults.length,
        flaggedCount: ownResults.filter((r) => r.flag !== 'normal').length,
        updatedAt: updatedAt || order.updated_at,
      },
    };
  });
}

function patientOf(b: OrderBundle, patientId: number): ResultPatientDto {
  const line = b.lines.find((l) => l.patient_id === patientId);
  if (!line) throw notFound(TEST_RESULT_NOT_FOUND);
  return { id: patientId, firstName: line.first_name, lastName: line.last_name, dateOfBirth: line.date_of_birth, gender: line.gender };
}

/** An order that has results and that the caller may read; otherwise 404. */
async function loadResultSet(db: Db, user: AuthUser, orderId: number): Promise<OrderBundle> {
  const order = await loadReadableOrder(db, user, orderId).catch(() => {
    throw notFound(TEST_RESULT_NOT_FOUND);
  });
  const [bundle] = await bundles(db, [order]);
  if (!bundle || !bundle.results.length) throw notFound(TEST_RESULT_NOT_FOUND);
  return bundle;
}

/* ---------- patient API ---------- */

/** GET test-results: the caller's orders that have results, newest first. */
export async function listTestResults(db: Db, userId: number): Promise<TestResultSummaryDto[]> {
  const ids = await resultsRepo.listUserOrderIdsWithResults(db, userId);
  const orders = await repo.listOrdersByIds(db, ids);
  return (await bundles(db, orders)).map((b) => b.summary);
}

/** GET test-results/{id}: the set with its patients and their result counts. */
export async function getTestResult(db: Db, user: AuthUser, orderId: number): Promise<TestResultDto> {
  const b = await loadResultSet(db, user, orderId);
  const patients = new Map<number, TestResultPatientDto>();
  for (const l of b.lines) {
    let p = patients.get(l.patient_id);
    if (!p) {
      p = { id: l.patient_id, firstName: l.first_name, lastName: l.last_name, analysisCount: 0, resultCount: 0, flaggedCount: 0 };
      patients.set(l.patient_id, p);
    }
    p.analysisCount += 1;
  }
  for (const r of b.results) {
    const p = patients.get(r.patient_id);
    if (!p) continue;
    p.resultCount += 1;
    if (r.flag !== 'normal') p.flaggedCount += 1;
  }
  return { ...b.summary, patients: [...patients.values()] };
}

/** GET test-results/{id}/patients/{patientId}: every result of that patient in the set. */
export async function getPatientResults(db: Db, user: AuthUser, orderId: number, patientId: number): Promise<PatientResultsDto> {
  const b = await loadResultSet(db, user, orderId);
  const patient = patientOf(b, patientId);
  const results = b.results.filter((r) => r.patient_id === patientId);
  const done = new Set(results.map((r) => r.analysis_id));
  const pending = b.lines
    .filter((l) => l.patient_id === patientId && !done.has(l.analysis_id))
    .map((l) => ({ analysisId: l.analysis_id, code: l.code, name: l.name }));
  return { testResult: b.summary, patient, results: results.map(resultDto), pending };
}

/** GET .../analysis-results/{id}: one result, its description and the patient's history of that analysis. */
export async function getAnalysisResult(db: Db, user: AuthUser, orderId: number, patientId: number, resultId: number): Promise<AnalysisResultDetailDto> {
  const b = await loadResultSet(db, user, orderId);
  const patient = patientOf(b, patientId);
  const row = b.results.find((r) => r.id === resultId && r.patient_id === patientId);
  if (!row) throw notFound(TEST_RESULT_NOT_FOUND);
  // History over the orders of the user who ordered this set (the patient record belongs to them).
  const history = await resultsRepo.listHistory(db, b.order.user_id, patientId, row.analysis_id);
  return {
    testResult: b.summary,
    patient,
    result: resultDto(row),
    description: row.description,
    history: history.map((h) => ({
      resultId: h.id,
      orderId: h.order_id,
      orderNumber: h.number,
      at: h.start_at,
      value: h.value_num ?? h.value_text ?? '',
      unit: h.unit,
      flag: h.flag,
      refLow: h.ref_low,
      refHigh: h.ref_high,
    })),
  };
}

/* ---------- writing results ---------- */

export interface ResultInput {
  patientId: number;
  analysisId: number;
  value: number | string;
  unit?: string | null;
  refLow?: number | null;
  refHigh?: number | null;
  refText?: string | null;
  flag?: 'low' | 'normal' | 'high' | 'critical' | null;
  comment?: string | null;
}

/**
 * Writes (inserts or replaces) results of one order: every entry must be an ordered line of that
 * order. Unit and range default to the analysis defaults; the flag is computed from the range unless
 * given. Then the order moves to partial_results or completed (with events) and the patient is mailed.
 */
export async function writeResults(db: Db, orderId: number, entries: ResultInput[], actorUserId: number | null, now = new Date()): Promise<{ status: repo.OrderRow['status']; saved: number }> {
  const at = now.toISOString();
  const { changes, status } = await db.transaction().execute(async (trx) => {
    const order = await repo.getOrder(trx, orderId);
    if (!order) throw notFound('Order not found');
    if (!RESULT_ENTRY_STATUSES.includes(order.status)) throw conflict(RESULTS_NOT_YET);
    const lines = await repo.listLines(trx, [order.id]);
    const byKey = new Map(lines.map((l) => [`${l.patient_id}:${l.analysis_id}`, l]));
    const fields: Record<string, string> = {};
    entries.forEach((e, i) => {
      if (!byKey.has(`${e.patientId}:${e.analysisId}`)) fields[`entries[${i}]`] = 'This patient has no such analysis in the order';
    });
    if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0] as string, fields);
    for (const e of entries) {
      const line = byKey.get(`${e.patientId}:${e.analysisId}`) as repo.OrderLineRow;
      const numeric = typeof e.value === 'number';
      const refLow = e.refLow !== undefined ? e.refLow : numeric ? line.ref_low : null;
      const refHigh = e.refHigh !== undefined ? e.refHigh : numeric ? line.ref_high : null;
      await resultsRepo.upsertResult(trx, {
        order_id: order.id,
        patient_id: e.patientId,
        analysis_id: e.analysisId,
        value_num: numeric ? (e.value as number) : null,
        value_text: numeric ? null : String(e.value),
        unit: e.unit ?? line.result_unit ?? '',
        ref_low: refLow ?? null,
        ref_high: refHigh ?? null,
        ref_text: e.refText ?? '',
        flag: e.flag ?? computeFlag(e.value, refLow, refHigh),
        comment: e.comment ?? '',
        entered_by: actorUserId,
        entered_at: at,
      });
    }
    const changes: StatusChange[] = await advanceAfterResults(trx, order, actorUserId, at);
    return { changes, status: changes.at(-1)?.to ?? order.status };
  });
  await notifyChanges(db, changes);
  return { status, saved: entries.length };
}
