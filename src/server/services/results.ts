import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type {
  AnalysisResultDetailDto,
  AnalysisResultDto,
  PatientResultsDto,
  ResultPatientDto,
  TestResultDto,
  TestResultPatientDto,
  ResultExplanationDto,
  ResultFlagDto,
  ResultInterpretationDto,
  TestResultSummaryDto,
} from '@/lib/types/results';
import { ageOn, flagOf, interpretationFromFlag, isCritical, selectInterval } from '@/lib/resultFlag';
import { localDay, timeZoneOf } from './laboratoryTime';
import { getConfig } from '../config';
import { explanationOf } from './explanations';
import { queueMail } from '../mail/queueMail';
import { mailLanguage, mailTranslator } from '../mail/i18n';
import { criticalResultMail } from '../mail/templates/criticalResult';
import { RESULT_ENTRY_STATUSES } from '@/lib/orderLifecycle';
import type { AuthUser } from '../http/auth';
import { badRequest, conflict, notFound } from '../http/errors';
import * as repo from '../repositories/lifecycle';
import { findSlotsByIds } from '../repositories/slots';
import { findLaboratoriesByIds } from '../repositories/laboratories';
import * as resultsRepo from '../repositories/results';
import { advanceAfterResults, loadReadableOrder, notifyChanges, type StatusChange } from './orderLifecycle';
import { visitDto } from './orders';
import { linesByPatient } from './linesByPatient';
import { checkResultValue, resultKindOf } from './resultValues';
import { namesI18n } from './catalogueNames';
import { orderLaboratoryDto } from './laboratories';
import { recordHealthReadByOther } from './audit';

/**
 * Test results: the patient's four levels (result sets, patients of a set, one patient's results,
 * one result with its history) and the writing of results by staff or a laboratory system.
 */
type Db = Kysely<Database>;

export const TEST_RESULT_NOT_FOUND = 'Test result not found';
export const RESULTS_NOT_YET = 'Results can be entered once the samples are collected';

/* ---------- shapes ---------- */

/** The stored interpretation, or for results written before interpretations, one derived from the flag. */
export function interpretationOf(r: { interpretation: ResultInterpretationDto | null; flag: ResultFlagDto; value_num: number | null; value_text: string | null; ref_low: number | null }): ResultInterpretationDto {
  return r.interpretation ?? interpretationFromFlag(r.flag, r.value_num ?? r.value_text ?? '', r.ref_low);
}

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
    interpretation: interpretationOf(r),
    critical: isCritical(interpretationOf(r)),
    rangeSource: r.range_source === 'override' ? 'override' : r.range_source === 'catalogue' ? 'catalogue' : 'legacy',
    rangeReason: r.range_reason,
    loinc: r.loinc,
    comment: r.comment,
    enteredAt: r.entered_at,
    correctedAt: r.corrected_at ?? null,
    preliminary: r.preliminary === 1,
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
  const [slots, labs, lines, results, collected] = await Promise.all([
    findSlotsByIds(db, orders.map((o) => o.slot_id)),
    findLaboratoriesByIds(db, orders.map((o) => o.laboratory_id)),
    repo.listLines(db, ids),
    resultsRepo.listOrderResults(db, ids),
    repo.findCollectedAt(db, ids),
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
        visit: visitDto(order, slots.get(order.slot_id), timeZoneOf(labs.get(order.laboratory_id)?.country ?? '')),
        laboratory: orderLaboratoryDto(order.laboratory_id, labs.get(order.laboratory_id)),
        patientCount: new Set(ownLines.map((l) => l.patient_id)).size,
        patientNames: [...new Map(ownLines.map((l) => [l.patient_id, `${l.first_name} ${l.last_name}`])).values()],
        sampledAt: collected.get(order.id) ?? null,
        analysisCount: ownLines.length,
        resultCount: ownResults.length,
        flaggedCount: ownResults.filter((r) => r.flag !== 'normal').length,
        criticalCount: ownResults.filter((r) => isCritical(interpretationOf(r))).length,
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
  const order = await loadReadableOrder(db, user, orderId, null).catch(() => {
    throw notFound(TEST_RESULT_NOT_FOUND);
  });
  const [bundle] = await bundles(db, [order]);
  if (!bundle || !bundle.results.length) throw notFound(TEST_RESULT_NOT_FOUND);
  return bundle;
}

/** Explanations of the analyses of `rows`, keyed by analysis id. */
async function explanationsFor(db: Db, analysisIds: number[], rows: { analysis_id: number; code: string }[]): Promise<Map<number, ResultExplanationDto>> {
  const ids = [...new Set(analysisIds)];
  if (!ids.length) return new Map();
  const headers = await db.selectFrom('analysis_headers').select(['analysis_id', 'header_id']).where('analysis_id', 'in', ids).orderBy('header_id').execute();
  const out = new Map<number, ResultExplanationDto>();
  for (const r of rows) {
    if (out.has(r.analysis_id)) continue;
    out.set(r.analysis_id, explanationOf(r.code, headers.filter((h) => h.analysis_id === r.analysis_id).map((h) => h.header_id)));
  }
  return out;
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
  await recordHealthReadByOther(db, user, b.order, 'results');
  const patients = linesByPatient(
    b.lines,
    (l): TestResultPatientDto => ({ id: l.patient_id, firstName: l.first_name, lastName: l.last_name, analysisCount: 0, resultCount: 0, flaggedCount: 0, criticalCount: 0 }),
    (p) => {
      p.analysisCount += 1;
    },
  );
  for (const r of b.results) {
    const p = patients.get(r.patient_id);
    if (!p) continue;
    p.resultCount += 1;
    if (r.flag !== 'normal') p.flaggedCount += 1;
    if (isCritical(interpretationOf(r))) p.criticalCount += 1;
  }
  return { ...b.summary, patients: [...patients.values()] };
}

/** GET test-results/{id}/patients/{patientId}: every result of that patient in the set. */
export async function getPatientResults(db: Db, user: AuthUser, orderId: number, patientId: number, detail: 'results' | 'pdf' = 'results'): Promise<PatientResultsDto> {
  const b = await loadResultSet(db, user, orderId);
  const dto = await patientResultsOf(db, b, patientId);
  await recordHealthReadByOther(db, user, b.order, detail, patientId);
  return dto;
}

/** One patient's results of an order whoever asks (access is the caller's business: a share link). */
export async function getPatientResultsOfOrder(db: Db, order: repo.OrderRow, patientId: number): Promise<PatientResultsDto> {
  const [b] = await bundles(db, [order]);
  if (!b || !b.results.length) throw notFound(TEST_RESULT_NOT_FOUND);
  return patientResultsOf(db, b, patientId);
}

async function patientResultsOf(db: Db, b: OrderBundle, patientId: number): Promise<PatientResultsDto> {
  const patient = patientOf(b, patientId);
  const results = b.results.filter((r) => r.patient_id === patientId);
  const done = new Set(results.map((r) => r.analysis_id));
  const pending = b.lines
    .filter((l) => l.patient_id === patientId && !done.has(l.analysis_id))
    .map((l) => ({ analysisId: l.analysis_id, code: l.code, name: l.name }));
  const [explain, names] = await Promise.all([explanationsFor(db, results.map((r) => r.analysis_id), results), namesI18n(db, 'analysis', results.map((r) => r.analysis_id))]);
  return { testResult: b.summary, patient, results: results.map((r) => ({ ...resultDto(r), explanation: explain.get(r.analysis_id), ...(names.has(r.analysis_id) ? { analysisI18n: names.get(r.analysis_id) } : {}) })), pending };
}

/** GET .../analysis-results/{id}: one result, its description and the patient's history of that analysis. */
export async function getAnalysisResult(db: Db, user: AuthUser, orderId: number, patientId: number, resultId: number): Promise<AnalysisResultDetailDto> {
  const b = await loadResultSet(db, user, orderId);
  const patient = patientOf(b, patientId);
  const row = b.results.find((r) => r.id === resultId && r.patient_id === patientId);
  if (!row) throw notFound(TEST_RESULT_NOT_FOUND);
  await recordHealthReadByOther(db, user, b.order, `result ${row.code}`, patientId);
  // History over the orders of the user who ordered this set (the patient record belongs to them).
  // Staff see only their laboratory's orders: values measured by another laboratory stay out.
  const labScope = b.order.user_id === user.id ? null : b.order.laboratory_id;
  const [history, revisions] = await Promise.all([resultsRepo.listHistory(db, b.order.user_id, patientId, row.analysis_id, labScope), resultsRepo.listRevisions(db, [row.id])]);
  return {
    testResult: b.summary,
    patient,
    result: { ...resultDto(row), explanation: (await explanationsFor(db, [row.analysis_id], [row])).get(row.analysis_id), analysisI18n: (await namesI18n(db, 'analysis', [row.analysis_id])).get(row.analysis_id) },
    description: row.description,
    history: history.map((h) => ({
      resultId: h.id,
      orderId: h.order_id,
      orderNumber: h.number,
      at: h.start_at,
      value: h.value_num ?? h.value_text ?? '',
      unit: h.unit,
      flag: h.flag,
      interpretation: interpretationOf(h),
      refLow: h.ref_low,
      refHigh: h.ref_high,
    })),
    revisions: revisions.map((v) => ({
      value: v.value_num ?? v.value_text ?? '',
      unit: v.unit,
      flag: v.flag,
      interpretation: interpretationOf(v),
      enteredAt: v.entered_at,
      replacedAt: v.replaced_at,
      reason: v.reason,
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
  /** The sender's own flag: used only when the shop has no interval or limit to judge the value by. */
  flag?: ResultFlagDto | null;
  /** Why the range differs from the catalogue interval for this patient (required from staff when it does). */
  rangeReason?: string | null;
  /** Why a result already entered is replaced by a different one (required from staff). */
  correctionReason?: string | null;
  comment?: string | null;
  /** A value the laboratory may still change (HL7 OBR-25 = P, or staff marked it so); final when absent. */
  preliminary?: boolean;
}

/** Who writes: staff through the console (a changed range needs a reason) or a laboratory system (its range is kept as reported). */
export type ResultSource = 'staff' | 'import';

export const RANGE_REASON_REQUIRED = 'Give a reason for changing the reference range';
export const IMPORTED_RANGE_REASON = 'Range reported by the laboratory system';
export const CORRECTION_REASON_REQUIRED = 'Give a reason for correcting this result';
export const IMPORTED_CORRECTION_REASON = 'Corrected by the laboratory system';

/** True when a stored result says something else than the row about to be written. */
function differs(before: resultsRepo.ResultRow, row: resultsRepo.ResultWrite): boolean {
  return (
    !sameNumber(before.value_num, row.value_num ?? null) ||
    (before.value_text ?? null) !== (row.value_text ?? null) ||
    before.unit !== row.unit ||
    !sameNumber(before.ref_low, row.ref_low ?? null) ||
    !sameNumber(before.ref_high, row.ref_high ?? null) ||
    before.ref_text !== row.ref_text ||
    interpretationOf(before) !== row.interpretation ||
    before.comment !== row.comment
  );
}

export interface AppliedInterval {
  low: number | null;
  high: number | null;
  text: string | null;
}

/**
 * The catalogue interval for a patient of `gender` aged `age` on the sampling day: the first band
 * that applies; an analysis without bands falls back to its single default range; an analysis with
 * bands none of which applies (e.g. a cycle-dependent hormone for a woman) has no interval.
 */
export function catalogueInterval(science: resultsRepo.AnalysisScienceRow | undefined, gender: 'male' | 'female', age: number): AppliedInterval {
  if (!science) return { low: null, high: null, text: null };
  if (!science.ranges.length) return { low: science.ref_low, high: science.ref_high, text: null };
  const band = selectInterval(
    science.ranges.map((r) => ({ gender: r.gender, minAge: r.min_age, maxAge: r.max_age, r })),
    gender,
    age,
  )?.r;
  return { low: band?.low ?? null, high: band?.high ?? null, text: band?.text ?? null };
}

/** The laboratory-local day of the sampling (the visit), `YYYY-MM-DD`. */
export async function samplingDay(db: Db, order: repo.OrderRow): Promise<string> {
  const [slots, labs] = await Promise.all([findSlotsByIds(db, [order.slot_id]), findLaboratoriesByIds(db, [order.laboratory_id])]);
  const start = slots.get(order.slot_id)?.start_at ?? order.nurse_checkout_date;
  return localDay(new Date(start), timeZoneOf(labs.get(order.laboratory_id)?.country ?? ''));
}

const sameNumber = (a: number | null | undefined, b: number | null) => (a ?? null) === null ? b === null : b !== null && Math.abs((a as number) - b) < 1e-9;

/**
 * Writes (inserts or replaces) results of one order: every entry must be an ordered line of that
 * order. The interval is the catalogue's for the patient's sex and age on the sampling day unless
 * the entry gives another range (staff must say why; a laboratory system's range is kept as
 * reported). The interpretation (N, L, H, LL, HH, A) is computed here from value, interval and the
 * analysis' critical limits. Then the order moves to partial_results or completed (with events) and
 * the patient is mailed. Nothing is written when any entry is refused.
 */
export async function writeResults(
  db: Db,
  orderId: number,
  entries: ResultInput[],
  actorUserId: number | null,
  now = new Date(),
  source: ResultSource = 'staff',
): Promise<{ status: repo.OrderRow['status']; saved: number }> {
  const at = now.toISOString();
  const { status } = await db.transaction().execute(async (trx) => {
    // Locked: parallel writes of one order's results run one after another, so only one of them completes the order.
    const order = await repo.lockOrder(trx, orderId);
    if (!order) throw notFound('Order not found');
    if (!RESULT_ENTRY_STATUSES.includes(order.status)) throw conflict(RESULTS_NOT_YET);
    const lines = await repo.listLines(trx, [order.id]);
    const byKey = new Map(lines.map((l) => [`${l.patient_id}:${l.analysis_id}`, l]));
    const fields: Record<string, string> = {};
    entries.forEach((e, i) => {
      if (!byKey.has(`${e.patientId}:${e.analysisId}`)) fields[`entries[${i}]`] = 'This patient has no such analysis in the order';
    });
    if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0] as string, fields);
    const [science, day] = await Promise.all([resultsRepo.findScience(trx, entries.map((e) => e.analysisId)), samplingDay(trx, order)]);
    const rows: resultsRepo.ResultWrite[] = [];
    entries.forEach((e, i) => {
      const line = byKey.get(`${e.patientId}:${e.analysisId}`) as repo.OrderLineRow;
      const sci = science.get(e.analysisId);
      const checked = checkResultValue(resultKindOf(sci), e.value, [...(sci?.ranges ?? []).map((r) => r.text ?? ''), e.refText ?? ''].filter(Boolean));
      if ('error' in checked) {
        fields[`entries[${i}].value`] = checked.error;
        return;
      }
      const numeric = checked.num !== null;
      const fromCatalogue = catalogueInterval(sci, line.gender, ageOn(line.date_of_birth, day));
      const given = {
        low: e.refLow !== undefined ? e.refLow : fromCatalogue.low,
        high: e.refHigh !== undefined ? e.refHigh : fromCatalogue.high,
        text: e.refText !== undefined && e.refText !== '' ? e.refText : fromCatalogue.text,
      };
      const overridden =
        !sameNumber(given.low, fromCatalogue.low) ||
        !sameNumber(given.high, fromCatalogue.high) ||
        (given.text ?? '').trim().toLowerCase() !== (fromCatalogue.text ?? '').trim().toLowerCase();
      let reason = (e.rangeReason ?? '').trim();
      if (overridden && !reason) {
        if (source === 'staff') fields[`entries[${i}].rangeReason`] = RANGE_REASON_REQUIRED;
        reason = IMPORTED_RANGE_REASON;
      }
      const interval: AppliedInterval = { low: given.low ?? null, high: given.high ?? null, text: given.text ?? null };
      const limits = { criticalLow: sci?.critical_low, criticalHigh: sci?.critical_high };
      const judgeable = interval.low !== null || interval.high !== null || (interval.text !== null && !numeric) || limits.criticalLow != null || limits.criticalHigh != null;
      const interpretation: ResultInterpretationDto =
        judgeable || !e.flag ? checked.interpretation(interval, limits) : interpretationFromFlag(e.flag, checked.num ?? checked.text ?? '', interval.low);
      rows.push({
        order_id: order.id,
        patient_id: e.patientId,
        analysis_id: e.analysisId,
        value_num: checked.num,
        value_text: checked.text,
        unit: e.unit ?? line.result_unit ?? '',
        ref_low: numeric || interval.text === null ? interval.low : null,
        ref_high: numeric || interval.text === null ? interval.high : null,
        ref_text: interval.text ?? '',
        flag: flagOf(interpretation),
        interpretation,
        range_source: overridden ? 'override' : 'catalogue',
        range_reason: overridden ? reason : '',
        comment: e.comment ?? '',
        entered_by: actorUserId,
        entered_at: at,
        preliminary: e.preliminary ? 1 : 0,
      });
    });
    if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0] as string, fields);
    // A result already entered and now different is a correction: the earlier revision is kept with who, when and why.
    const before = await resultsRepo.listOrderResults(trx, [order.id]);
    const stored = new Map(before.map((r) => [`${r.patient_id}:${r.analysis_id}`, r]));
    const writes: { row: resultsRepo.ResultWrite; replaces: resultsRepo.ResultRow | null; reason: string }[] = [];
    rows.forEach((row, i) => {
      const old = stored.get(`${row.patient_id}:${row.analysis_id}`);
      if (!old) return writes.push({ row, replaces: null, reason: '' });
      // The same value again: nothing changes, unless a preliminary value is now final (or the reverse).
      if (!differs(old, row)) return old.preliminary !== row.preliminary ? writes.push({ row: { ...row, entered_by: old.entered_by, entered_at: old.entered_at }, replaces: null, reason: '' }) : undefined;
      let reason = (entries[i]?.correctionReason ?? '').trim();
      if (!reason) {
        if (source === 'staff') fields[`entries[${i}].correctionReason`] = CORRECTION_REASON_REQUIRED;
        reason = IMPORTED_CORRECTION_REASON;
      }
      writes.push({ row: { ...row, corrected_at: at }, replaces: old, reason });
    });
    if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0] as string, fields);
    // Critical results that were not critical before: the patient is told at once.
    const wasCritical = new Set(before.filter((r) => isCritical(interpretationOf(r))).map((r) => `${r.patient_id}:${r.analysis_id}`));
    const newlyCritical = writes
      .map((w) => w.row)
      .filter((r) => isCritical(r.interpretation ?? null) && !wasCritical.has(`${r.patient_id}:${r.analysis_id}`))
      .map((r) => byKey.get(`${r.patient_id}:${r.analysis_id}`)?.name ?? '');
    for (const { row, replaces, reason } of writes) {
      if (replaces) {
        await resultsRepo.insertRevision(trx, {
          result_id: replaces.id,
          value_num: replaces.value_num,
          value_text: replaces.value_text,
          unit: replaces.unit,
          ref_low: replaces.ref_low,
          ref_high: replaces.ref_high,
          ref_text: replaces.ref_text,
          flag: replaces.flag,
          interpretation: interpretationOf(replaces),
          comment: replaces.comment,
          entered_by: replaces.entered_by,
          entered_at: replaces.entered_at,
          replaced_by: actorUserId,
          replaced_at: at,
          reason,
        });
      }
      await resultsRepo.upsertResult(trx, row);
    }
    const changes: StatusChange[] = await advanceAfterResults(trx, order, actorUserId, at);
    // The mails are owed exactly when the results commit: queued in the same transaction.
    await notifyChanges(trx, changes);
    if (newlyCritical.length) await notifyCritical(trx, order, newlyCritical);
    return { changes, status: changes.at(-1)?.to ?? order.status, newlyCritical, order };
  });
  return { status, saved: entries.length };
}

/**
 * Mails the customer that results beyond critical limits arrived, naming the analyses (not the
 * values) and saying to contact a doctor promptly. Sent whatever the contact preference, as a
 * safety notice, in the customer's saved language.
 */
async function notifyCritical(db: Db, order: repo.OrderRow, analysisNames: string[]): Promise<void> {
  const user = await repo.getUser(db, order.user_id);
  if (!user) return;
  const t = mailTranslator(mailLanguage(user.locale));
  const analyses = [...new Set(analysisNames.filter(Boolean))].join(', ');
  const mail = criticalResultMail({ name: user.first_name || user.email, number: order.number, analyses, resultsLink: `${getConfig().appUrl}/test-results/${order.id}/patients` }, t);
  await queueMail(db, { kind: 'criticalResult', to: user.email, laboratoryId: order.laboratory_id, priority: 'critical', ...mail });
}
