import type { Db } from '@/server/db/createDb';
import type { AuthUser } from '@/server/http/auth';
import { conflict, notFound } from '@/server/http/errors';
import { RESULT_ENTRY_STATUSES } from '@/shared/orderLifecycle';
import { REDRAW_DAYS, type RedrawDto, type RejectionReason, type RejectionReportDto, type SampleDto } from '@/shared/sampleRejection';
import type { Language } from '@/shared/i18n';
import { serverI18n } from '@/shared/i18n/resources';
import * as repo from '@/server/orders/repositories/orders';
import * as rejectionsRepo from '@/server/orders/repositories/rejections';
import * as resultsRepo from '@/server/results/repositories/results';
import { isStaffOf, ORDER_NOT_FOUND } from './orderAccess';
import { noticeSampleRejected } from '@/server/notifications/notices';
import { actorOf, recordAudit, type AuditContext } from '@/server/audit/audit';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * Rejected samples (HL7 table 0490 reasons) and what the patient sees of them. Staff (or the HL7
 * import's SPM-21) reject the sample of analyses without a result; the patient is told once (a mail
 * and a push naming no analysis) and may book one free redraw (`redraw.ts`). A rejection on a redraw
 * order is a second rejection of that analysis: it becomes a task for the laboratory, not a new offer.
 */

export const NOT_IN_ORDER = 'This analysis is not in the order';
export const ALREADY_RESULTED = 'This analysis already has a result';
export const ALREADY_REJECTED = 'The sample of this analysis is already rejected';
export const NOT_COLLECTED = 'A sample can be rejected once it is collected and before the order is closed';

export interface RejectionInput {
  analysisIds: number[];
  reason: RejectionReason;
  note?: string | null;
  /** Only this patient's sample (default: every patient of the order with the analysis). */
  patientId?: number | null;
}

export interface RejectionAnswer {
  orderId: number;
  rejected: { patientId: number; analysisId: number; reason: RejectionReason }[];
  /** True when these rejections went to the laboratory's follow-up (the analysis was a redraw already). */
  staffTask: boolean;
}

/** `POST staff/orders/{id}/rejections` (and the HL7 import): nothing is written when any analysis is refused. */
export async function rejectSamples(
  db: Db,
  staff: AuthUser,
  orderId: number,
  input: RejectionInput,
  source: 'staff' | 'import' = 'staff',
  audit?: AuditContext,
  now = new Date(),
): Promise<RejectionAnswer> {
  const at = now.toISOString();
  const answer = await inWriteTransaction(db, async (trx) => {
    const order = await repo.lockOrder(trx, orderId);
    if (!order || !isStaffOf(staff, order.laboratory_id)) throw notFound(ORDER_NOT_FOUND);
    if (!RESULT_ENTRY_STATUSES.includes(order.status) || order.status === 'completed') throw conflict(NOT_COLLECTED, { analysisIds: NOT_COLLECTED });
    const [lines, results, rejections] = await Promise.all([repo.listLines(trx, [order.id]), resultsRepo.listOrderResults(trx, [order.id]), rejectionsRepo.listRejections(trx, [order.id])]);
    const key = (p: number, a: number) => `${p}:${a}`;
    const resulted = new Set(results.map((r) => key(r.patient_id, r.analysis_id)));
    const rejected = new Set(rejections.map((r) => key(r.patient_id, r.analysis_id)));
    const fields: Record<string, string> = {};
    const targets: { patientId: number; analysisId: number }[] = [];
    [...new Set(input.analysisIds)].forEach((analysisId, i) => {
      const mine = lines.filter((l) => l.analysis_id === analysisId && (input.patientId == null || l.patient_id === input.patientId));
      const field = `analysisIds[${i}]`;
      if (!mine.length) fields[field] = NOT_IN_ORDER;
      else if (mine.some((l) => resulted.has(key(l.patient_id, analysisId)))) fields[field] = ALREADY_RESULTED;
      else if (mine.some((l) => rejected.has(key(l.patient_id, analysisId)))) fields[field] = ALREADY_REJECTED;
      else targets.push(...mine.map((l) => ({ patientId: l.patient_id, analysisId })));
    });
    if (Object.keys(fields).length) throw conflict(Object.values(fields)[0] as string, fields);
    // A redraw order holds only analyses rejected once already: a second rejection is the laboratory's to follow up.
    const staffTask = order.redraw_of !== null;
    await rejectionsRepo.insertRejections(
      trx,
      targets.map((t) => ({
        order_id: order.id,
        patient_id: t.patientId,
        analysis_id: t.analysisId,
        reason: input.reason,
        note: (input.note ?? '').trim().slice(0, 500),
        source,
        rejected_by: staff.id,
        created_at: at,
        staff_task: staffTask ? 1 : 0,
      })),
    );
    // One notice per order (the redraw covers every rejected sample of it); none for a follow-up by the laboratory.
    if (!staffTask) await noticeSampleRejected(trx, order, now);
    if (audit) await recordAudit(trx, { action: 'health_write', ...actorOf(audit.actor), orderId: order.id, ip: audit.ip, detail: `samples rejected (${input.reason}, ${targets.length})` });
    return { orderId: order.id, rejected: targets.map((t) => ({ ...t, reason: input.reason })), staffTask };
  });
  return answer;
}

/** The deadline of a redraw: REDRAW_DAYS after the order's first rejection. */
export function redrawDeadline(rows: rejectionsRepo.RejectionRow[]): string | null {
  const first = rows.map((r) => r.created_at).sort()[0];
  return first ? new Date(Date.parse(first) + REDRAW_DAYS * 86_400_000).toISOString() : null;
}

/** The reason as the patient reads it, in `language`. */
export function reasonText(reason: string, language: Language): string {
  return serverI18n(language).t(`results:sample.reason.${reason}`);
}

/** What the order page shows of the samples: per line (`patientId:analysisId`) and the redraw offer. */
export async function sampleView(
  db: Db,
  order: repo.OrderRow,
  ownerIsCaller: boolean,
  language: Language,
  now = new Date(),
): Promise<{ sampleOf: (patientId: number, analysisId: number) => SampleDto; redraw: RedrawDto; redrawOf: number | null }> {
  const [rows, redraw] = await Promise.all([rejectionsRepo.listRejections(db, [order.id]), rejectionsRepo.findRedrawOf(db, order.id)]);
  const byLine = new Map(rows.map((r) => [`${r.patient_id}:${r.analysis_id}`, r]));
  const offerable = rows.filter((r) => r.staff_task === 0);
  const deadline = offerable.length ? redrawDeadline(offerable) : null;
  return {
    sampleOf: (patientId, analysisId) => {
      const r = byLine.get(`${patientId}:${analysisId}`);
      if (!r) return { status: 'ok' };
      return { status: redraw && r.staff_task === 0 ? 'redraw_booked' : 'rejected', reason: r.reason as RejectionReason, reasonText: reasonText(r.reason, language) };
    },
    redraw: {
      available: ownerIsCaller && !redraw && deadline !== null && Date.parse(deadline) > now.getTime() && order.status !== 'cancelled',
      deadline,
      ...(redraw ? { orderId: redraw.id } : {}),
    },
    redrawOf: order.redraw_of,
  };
}

/** Monday (UTC) of the week of `iso`, YYYY-MM-DD. */
function weekOf(iso: string): string {
  const d = new Date(iso);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** `GET staff/rejections?weeks=N`: the laboratory's rejections by reason per week (newest first) and its open follow-ups. */
export async function rejectionReport(db: Db, staff: AuthUser, weeks = 8, now = new Date()): Promise<RejectionReportDto> {
  const lab = staff.staffLaboratoryId;
  if (!lab) return { weeks: [], tasks: [] };
  const since = new Date(`${weekOf(now.toISOString())}T00:00:00.000Z`);
  since.setUTCDate(since.getUTCDate() - 7 * (weeks - 1));
  const [rows, tasks] = await Promise.all([rejectionsRepo.listLabRejections(db, lab, since.toISOString()), rejectionsRepo.listOpenTasks(db, lab)]);
  const counts = new Map<string, { week: string; reason: RejectionReason; count: number }>();
  for (const r of rows) {
    const week = weekOf(r.created_at);
    const k = `${week}|${r.reason}`;
    const c = counts.get(k) ?? { week, reason: r.reason as RejectionReason, count: 0 };
    c.count += 1;
    counts.set(k, c);
  }
  return {
    weeks: [...counts.values()].sort((a, b) => b.week.localeCompare(a.week) || b.count - a.count || a.reason.localeCompare(b.reason)),
    tasks: tasks.map((t) => ({ id: t.id, orderId: t.order_id, orderNumber: t.number, analysisName: t.name, reason: t.reason as RejectionReason, at: t.created_at })),
  };
}
