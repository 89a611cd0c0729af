import type { Db } from '@/server/db/createDb';
import type { AuthUser } from '@/server/http/auth';
import type { ResultInterpretationDto, ResultReleaseDto } from '@/shared/types/results';
import type { HeldResultDto } from '@/shared/types/staff';
import { ageOn } from '@/shared/resultFlag';
import { notFound, conflict } from '@/server/http/errors';
import { isStaffOf } from '@/server/orders/orderAccess';
import * as orders from '@/server/orders/repositories/orders';
import { findLaboratory } from '@/server/laboratories/repositories/laboratories';
import { noticeResultReleased } from '@/server/notifications/notices';
import { enqueue } from '@/server/jobs/queue';
import { JOB } from '@/server/jobs/specs';
import { defineJob } from '@/server/jobs/defineJob';
import { number, object } from 'yup';
import * as holds from './repositories/holds';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * Sensitive results (docs/notifications.md, "Sensitive results"): analyses the catalogue marks
 * `sensitive` (HIV, hepatitis B/C, syphilis, tumour markers; hCG for a patient under 18) are never
 * named in a notice (no notice names any analysis). A sensitive result outside its range is held:
 * the patient sees it as awaited until the laboratory's doctor releases it with a note, or until
 * 72 hours have passed (the `sensitive-release` job), when it shows with the laboratory's phone
 * number. A sensitive result in range shows behind a "Show result" tap (the client's part).
 */

export const HOLD_HOURS = 72;
export const HELD_RESULT_NOT_FOUND = 'Held result not found';
export const ALREADY_RELEASED = 'This result has already been released';

type Key = { order_id: number; patient_id: number; analysis_id: number };
const keyOf = (r: { order_id: number; patient_id: number; analysis_id: number }) => `${r.order_id}:${r.patient_id}:${r.analysis_id}`;

/** Whether an analysis of that sensitivity is sensitive for a patient of `age`. */
export const sensitiveFor = (kind: holds.Sensitivity | undefined, age: number) => kind === 'always' || (kind === 'minor' && age < 18);

/**
 * Holds the sensitive results outside their range among those being written (in the writing's
 * transaction) and schedules their release after 72 hours. Returns the keys (`order:patient:analysis`)
 * held now, those held before included, so the caller sends no alert naming the moment.
 */
export async function holdSensitiveResults(
  trx: Db,
  order: { id: number; laboratory_id: string },
  rows: { order_id: number; patient_id: number; analysis_id: number; interpretation?: ResultInterpretationDto | null }[],
  birthOf: (patientId: number, analysisId: number) => string | null,
  day: string,
  at: Date,
): Promise<Set<string>> {
  const kinds = await holds.findSensitivity(trx, rows.map((r) => r.analysis_id));
  const held = new Set<string>();
  if (!kinds.size) return held;
  const existing = new Map((await holds.findHoldsOfOrders(trx, [order.id])).map((h) => [keyOf(h), h]));
  const due = new Date(at.getTime() + HOLD_HOURS * 3600_000);
  for (const r of rows) {
    const birth = birthOf(r.patient_id, r.analysis_id);
    if (!sensitiveFor(kinds.get(r.analysis_id), birth ? ageOn(birth, day) : 0)) continue;
    const before = existing.get(keyOf(r));
    if (before) {
      if (!before.released_at) held.add(keyOf(r));
      continue;
    }
    if (!r.interpretation || r.interpretation === 'N') continue;
    await holds.insertHold(trx, { order_id: r.order_id, patient_id: r.patient_id, analysis_id: r.analysis_id, laboratory_id: order.laboratory_id, held_at: at.toISOString(), release_due: due.toISOString() });
    await enqueue(trx, sensitiveReleaseJob, { orderId: r.order_id, patientId: r.patient_id, analysisId: r.analysis_id }, { key: `hold:${keyOf(r)}`, runAt: due, laboratoryId: order.laboratory_id });
    held.add(keyOf(r));
  }
  return held;
}

/** The results of these orders the patient may not see yet (`order:patient:analysis`). */
export async function heldResultKeys(db: Db, orderIds: number[], now = new Date()): Promise<Set<string>> {
  const rows = await holds.findHoldsOfOrders(db, orderIds);
  return new Set(rows.filter((h) => !h.released_at && new Date(h.release_due) > now).map(keyOf));
}

/**
 * What a patient's results carry about sensitivity: `sensitive` (shown after a tap) and, for a
 * result that was held, how it was released (the doctor's note, or the laboratory's phone after 72 h).
 */
export async function sensitiveMarks(db: Db, order: { id: number; laboratory_id: string }, results: { patient_id: number; analysis_id: number }[], birthOf: (patientId: number) => string | null): Promise<Map<string, { sensitive: true; release?: ResultReleaseDto }>> {
  const out = new Map<string, { sensitive: true; release?: ResultReleaseDto }>();
  const kinds = await holds.findSensitivity(db, results.map((r) => r.analysis_id));
  if (!kinds.size) return out;
  const [rows, lab] = await Promise.all([holds.findHoldsOfOrders(db, [order.id]), findLaboratory(db, order.laboratory_id)]);
  const holdOf = new Map(rows.map((h) => [keyOf(h), h]));
  const today = new Date().toISOString().slice(0, 10);
  for (const r of results) {
    const birth = birthOf(r.patient_id);
    if (!sensitiveFor(kinds.get(r.analysis_id), birth ? ageOn(birth, today) : 0)) continue;
    const key = keyOf({ order_id: order.id, ...r });
    const h = holdOf.get(key);
    const release: ResultReleaseDto | undefined = h
      ? h.released_by !== null && h.released_at
        ? { by: 'doctor', at: h.released_at, note: h.release_note }
        : { by: 'time', at: h.released_at ?? h.release_due, laboratoryPhone: lab?.phone ?? '' }
      : undefined;
    out.set(`${r.patient_id}:${r.analysis_id}`, release ? { sensitive: true, release } : { sensitive: true });
  }
  return out;
}

async function released(db: Db, key: Key, by: number | null, note: string, now: Date): Promise<boolean> {
  return inWriteTransaction(db, async (trx) => {
    if (!(await holds.releaseHold(trx, key, now.toISOString(), by, note))) return false;
    const order = await orders.getOrder(trx, key.order_id);
    // The notice names nothing (docs/notifications.md); held by quiet hours like any non-urgent push.
    if (order) await noticeResultReleased(trx, order, `${keyOf(key)}`);
    return true;
  });
}

/** The laboratory's held results for its doctor (staff console). */
export async function listHeldResults(db: Db, user: AuthUser): Promise<HeldResultDto[]> {
  if (!user.staffLaboratoryId) return [];
  const rows = await holds.listHeldOfLaboratory(db, user.staffLaboratoryId);
  return rows.map((r) => ({
    resultId: r.result_id,
    orderId: r.order_id,
    orderNumber: r.number,
    patientId: r.patient_id,
    analysisCode: r.code,
    analysisName: r.name,
    value: r.value_num ?? r.value_text ?? '',
    unit: r.unit,
    interpretation: (r.interpretation ?? 'A') as ResultInterpretationDto,
    heldAt: r.held_at,
    releaseDue: r.release_due,
  }));
}

/** The laboratory's doctor releases a held result with a note for the patient; another laboratory's staff get 404, a released one 409. */
export async function releaseHeldResult(db: Db, user: AuthUser, resultId: number, note: string, now = new Date()): Promise<{ releasedAt: string }> {
  const key = await holds.findResultKey(db, resultId);
  if (!key || !isStaffOf(user, key.laboratory_id)) throw notFound(HELD_RESULT_NOT_FOUND);
  const hold = await holds.findHold(db, key.order_id, key.patient_id, key.analysis_id);
  if (!hold) throw notFound(HELD_RESULT_NOT_FOUND);
  if (hold.released_at || !(await released(db, key, user.id, note.trim(), now))) throw conflict(ALREADY_RELEASED);
  return { releasedAt: now.toISOString() };
}

/** After 72 hours a result still held shows with the laboratory's phone number (and the patient is told, naming nothing). */
export const sensitiveReleaseJob = defineJob({
  name: JOB.sensitiveRelease,
  payload: object({ orderId: number().integer().required(), patientId: number().integer().required(), analysisId: number().integer().required() }),
  async handler({ orderId, patientId, analysisId }, { db, now }) {
    const hold = await holds.findHold(db, orderId, patientId, analysisId);
    if (!hold || hold.released_at || new Date(hold.release_due) > now) return;
    await released(db, hold, null, '', now);
  },
});
