import type { ResultFlagDto, ResultInterpretationDto } from '@/shared/types/results';
import { ageOn, flagOf, interpretationFromFlag, isCritical, selectInterval } from '@/shared/resultFlag';
import { localDay, timeZoneOf } from '@/server/laboratories/laboratoryTime';
import { noticeCritical } from '@/server/notifications/notices';
import { RESULT_ENTRY_STATUSES } from '@/shared/orderLifecycle';
import { badRequest, conflict, notFound } from '@/server/http/errors';
import { ERROR_CODES } from '@/shared/errorCodes';
import * as repo from '@/server/orders/repositories/orders';
import { findSlotsByIds } from '@/server/visits/repositories/slots';
import { findLaboratoriesByIds } from '@/server/laboratories/repositories/laboratories';
import * as resultsRepo from '@/server/results/repositories/results';
import { resultsWritten, type StatusChange } from '@/server/orders/transitions';
import { checkResultValue, resultKindOf } from './resultValues';
import { interpretationOf } from './results';
import { holdSensitiveResults } from './sensitiveResults';
import { findPanels, lineOfResult } from './panels';
import { RESULT_MESSAGES } from '@/shared/validation/results';
import type { Db } from '@/server/db/createDb';
import { inWriteTransaction } from '@/server/db/transactions';

/** The writing of results by staff or a laboratory system (the reading is in results.ts). */

export const RESULTS_NOT_YET = 'Results can be entered once the samples are collected';

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
  const { status } = await inWriteTransaction(db, async (trx) => {
    // Locked: parallel writes of one order's results run one after another, so only one of them completes the order.
    const order = await repo.lockOrder(trx, orderId);
    if (!order) throw notFound('Order not found');
    if (!RESULT_ENTRY_STATUSES.includes(order.status)) throw conflict(RESULTS_NOT_YET, undefined, ERROR_CODES.resultsNotYet);
    const lines = await repo.listLines(trx, [order.id]);
    // A result belongs to its analysis's line, or (a component such as the blood count's HGB) to its panel's line.
    const panels = await findPanels(trx, lines.map((l) => l.analysis_id));
    const byKey = new Map<string, repo.OrderLineRow>();
    for (const e of entries) {
      const line = lineOfResult(lines, panels, e.patientId, e.analysisId);
      if (line) byKey.set(`${e.patientId}:${e.analysisId}`, line);
    }
    const fields: Record<string, string> = {};
    entries.forEach((e, i) => {
      if (!byKey.has(`${e.patientId}:${e.analysisId}`)) fields[`entries[${i}]`] = 'This patient has no such analysis in the order';
      else if (panels.components.get(e.analysisId)?.length) fields[`entries[${i}].value`] = RESULT_MESSAGES.valuePanel;
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
        unit: e.unit ?? (line.analysis_id === e.analysisId ? line.result_unit : sci?.result_unit) ?? '',
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
    // Sensitive results outside their range wait for the laboratory's doctor: no alert at once (sensitiveResults.ts).
    const held = await holdSensitiveResults(trx, order, rows, (p, a) => byKey.get(`${p}:${a}`)?.date_of_birth ?? null, day, now);
    // Critical results that were not critical before: the patient is told at once.
    const wasCritical = new Set(before.filter((r) => isCritical(interpretationOf(r))).map((r) => `${r.patient_id}:${r.analysis_id}`));
    const newlyCritical = writes
      .map((w) => w.row)
      .filter((r) => isCritical(r.interpretation ?? null) && !wasCritical.has(`${r.patient_id}:${r.analysis_id}`) && !held.has(`${r.order_id}:${r.patient_id}:${r.analysis_id}`))
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
    // The order moves on (a completed free redraw completes its original too); the mails are owed
    // exactly when the results commit: queued in the same transaction.
    const changes: StatusChange[] = await resultsWritten(trx, order, actorUserId, at);
    // The alert names no analysis or value (docs/notifications.md); sent whatever the contact preference.
    if (newlyCritical.length) await noticeCritical(trx, order, at);
    return { changes, status: changes.at(-1)?.to ?? order.status, newlyCritical, order };
  });
  return { status, saved: entries.length };
}

