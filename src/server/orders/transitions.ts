import { ERROR_CODES, type ErrorCode } from '@/shared/errorCodes';
import type { OrderStatus } from '@/server/db/schema';
import type { Db } from '@/server/db/createDb';
import type { OrderStatusDto } from '@/shared/types/results';
import { stepsAfterResults, transitionRefusal, type TransitionRefusal } from '@/shared/orderLifecycle';
import { conflict, notFound } from '@/server/http/errors';
import { getConfig } from '@/server/config';
import { queueMail } from '@/server/mail/queueMail';
import { intlLocale } from '@/shared/i18n';
import { mailLanguage, mailTranslator } from '@/server/mail/i18n';
import { formatVisit } from '@/server/mail/templates/common';
import { visitConfirmedMail } from '@/server/mail/templates/visitConfirmed';
import { noticeResultsReady } from '@/server/notifications/notices';
import { timeZoneOf } from '@/server/laboratories/laboratoryTime';
import { bookSlot, findSlotsByIds, releaseSlot } from '@/server/visits/repositories/slots';
import { followVisit, type VisitActor } from '@/server/visits/visitStates';
import { findLaboratoriesByIds } from '@/server/laboratories/repositories/laboratories';
import { settlePaymentOnCancel } from '@/server/payments/cancellation';
import * as resultsRepo from '@/server/results/repositories/results';
import { inWriteTransaction } from '@/server/db/transactions';
import * as repo from '@/server/orders/repositories/orders';
import * as rejectionsRepo from '@/server/orders/repositories/rejections';
import { ORDER_NOT_FOUND } from './orderAccess';
import { cancelVisitReminder, scheduleVisitReminder } from './visitReminderSchedule';

/**
 * The order's lifecycle: every move of an order's status is made here, and only here, with the event
 * row (time, actor, note) written beside orders.status in the caller's transaction, and what follows
 * a move (the slot, the visit reminder, the visit's state, the payment on a cancellation, the mails
 * and pushes). Other domains request a move through these functions; none writes orders.status.
 * The states and who may request which move: docs/architecture.md, "The order's lifecycle".
 */

export const VISIT_CHANGE_CLOSED = 'The visit can no longer be changed: less than 24 hours are left or the order is past that stage';
export const SLOT_FULL = 'This visit time is no longer available';
/** The note of an order cancelled because its online payment did not arrive within the hold. */
const EXPIRED_NOTE = 'Cancelled: the payment did not arrive in time';

const REFUSAL_MESSAGES: Record<TransitionRefusal, string> = {
  final: 'The order is closed and its status can no longer change',
  same: 'The order already has this status',
  backwards: 'An order cannot go back to an earlier status',
  skips: 'An order moves one step at a time',
  needs_all_results: 'Every ordered analysis needs a result before the order is completed',
  needs_results: 'Enter at least one result first',
};
const REFUSAL_CODES: Record<TransitionRefusal, ErrorCode> = {
  final: ERROR_CODES.statusFinal,
  same: ERROR_CODES.statusSame,
  backwards: ERROR_CODES.statusBackwards,
  skips: ERROR_CODES.statusSkips,
  needs_all_results: ERROR_CODES.statusNeedsAllResults,
  needs_results: ERROR_CODES.statusNeedsResults,
};
const CHANGED_MEANWHILE = 'The order was changed at the same time; reload and try again';

export interface StatusChange {
  orderId: number;
  from: OrderStatus;
  to: OrderStatus;
}

/* ---------- placed ---------- */

/** A new order (or a free redraw) is `placed`: its first event, in the transaction that writes it. */
export async function recordPlaced(trx: Db, orderId: number, actorUserId: number, at: string, note = ''): Promise<void> {
  await repo.insertEvent(trx, orderId, 'placed', actorUserId, at, note);
}

/* ---------- the laboratory's moves (staff console, nurse) ---------- */

/**
 * Moves an order to `to` if the rule allows it (@/shared/orderLifecycle); the event and orders.status
 * are written in one transaction. A cancellation frees the slot, drops the reminder and settles the
 * payment; the visit follows. Mails are queued in the same transaction. Throws 409 with the reason otherwise.
 */
export async function changeStatus(db: Db, orderId: number, to: OrderStatusDto, actorUserId: number | null, note = '', now = new Date()): Promise<OrderStatus> {
  const change = await inWriteTransaction(db, async (trx) => {
    const order = await repo.lockOrder(trx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const facts = await resultsRepo.countLinesAndResults(trx, orderId);
    const refusal = transitionRefusal(order.status, to, facts);
    if (refusal) throw conflict(REFUSAL_MESSAGES[refusal], undefined, REFUSAL_CODES[refusal]);
    if (!(await repo.setStatus(trx, orderId, order.status, to, actorUserId, now.toISOString(), note))) {
      throw conflict(CHANGED_MEANWHILE, undefined, ERROR_CODES.changedMeanwhile);
    }
    if (to === 'cancelled') {
      await releaseSlot(trx, order.slot_id);
      await cancelVisitReminder(trx, orderId);
      // Cancelled by the laboratory: the whole total back (less the visit fee after "not at home").
      await settlePaymentOnCancel(trx, orderId, 'lab_cancel', actorUserId, now);
    }
    await visitFollowsStatus(trx, order, to, actorUserId, note, now);
    const change = { orderId, from: order.status, to };
    await notifyChanges(trx, [change]);
    return change;
  });
  return change.to;
}

/**
 * Samples collected at the visit, marked by its nurse (the staff console's status step or the
 * nurse's tap, visits/visitStateActions.ts): an order not confirmed yet passes through "visit
 * confirmed" first (two events). The rules are `changeStatus`'s.
 */
export async function collectSamplesByNurse(db: Db, orderId: number, nurseUserId: number, note = ''): Promise<OrderStatus> {
  if ((await repo.getOrder(db, orderId))?.status === 'placed') await changeStatus(db, orderId, 'visit_confirmed', nurseUserId);
  return changeStatus(db, orderId, 'sample_collected', nurseUserId, note);
}

/* ---------- results ---------- */

/**
 * After results were written (inside the same transaction): the order moves to partial_results or
 * completed, passing through in_lab, with an event per step; a completed free redraw completes its
 * original order; the mails and pushes of the changes are queued. Returns the order's own changes.
 */
export async function resultsWritten(trx: Db, order: repo.OrderRow, actorUserId: number | null, at: string): Promise<StatusChange[]> {
  const changes = await advanceAfterResults(trx, order, actorUserId, at);
  await completeOriginalAfterRedraw(trx, order, changes.some((c) => c.to === 'completed'), actorUserId, at);
  // The mails are owed exactly when the results commit: queued in the same transaction.
  await notifyChanges(trx, changes);
  return changes;
}

async function advanceAfterResults(trx: Db, order: repo.OrderRow, actorUserId: number | null, at: string): Promise<StatusChange[]> {
  const facts = await resultsRepo.countLinesAndResults(trx, order.id);
  const changes: StatusChange[] = [];
  let from = order.status;
  for (const to of stepsAfterResults(from, facts)) {
    if (!(await repo.setStatus(trx, order.id, from, to, actorUserId, at))) throw conflict(CHANGED_MEANWHILE, undefined, ERROR_CODES.changedMeanwhile);
    await visitFollowsStatus(trx, order, to, actorUserId, '', new Date(at));
    changes.push({ orderId: order.id, from, to });
    from = to;
  }
  return changes;
}

/**
 * After results were written to a redraw order (in the same transaction): once the redraw is
 * completed, the original order is completed too when each of its lines has a result or was
 * redrawn; its "results ready" notice follows as for any order.
 */
async function completeOriginalAfterRedraw(trx: Db, redraw: repo.OrderRow, completed: boolean, actorUserId: number | null, at: string): Promise<void> {
  if (!redraw.redraw_of || !completed) return;
  const original = await repo.lockOrder(trx, redraw.redraw_of);
  if (!original || original.status !== 'partial_results') return;
  const [lines, results, rejections] = await Promise.all([repo.listLines(trx, [original.id]), resultsRepo.listOrderResults(trx, [original.id]), rejectionsRepo.listRejections(trx, [original.id])]);
  const done = new Set([...results.filter((r) => r.preliminary !== 1), ...rejections.filter((r) => r.staff_task === 0)].map((r) => `${r.patient_id}:${r.analysis_id}`));
  if (!lines.every((l) => done.has(`${l.patient_id}:${l.analysis_id}`))) return;
  if (await repo.setStatus(trx, original.id, original.status, 'completed', actorUserId, at, `Completed with the results of the redraw ${redraw.number}`)) {
    await notifyChanges(trx, [{ orderId: original.id, from: original.status, to: 'completed' }]);
  }
}

/* ---------- the patient's moves ---------- */

/**
 * The patient cancels (the caller checked the 24-hour rule on the locked order): cancelled, the slot
 * freed, the calendar event superseded, the reminder dropped, the visit cancelled and the payment
 * settled. False when the order changed meanwhile.
 */
export async function cancelByPatient(trx: Db, order: repo.OrderRow, userId: number, now: Date): Promise<boolean> {
  if (!(await repo.setStatus(trx, order.id, order.status, 'cancelled', userId, now.toISOString(), 'Cancelled by the patient'))) return false;
  await releaseSlot(trx, order.slot_id);
  await repo.bumpCalendarSequence(trx, order.id);
  await cancelVisitReminder(trx, order.id);
  await followVisit(trx, order, 'cancelled', { userId, role: 'patient' }, 'Cancelled by the patient', now);
  await settlePaymentOnCancel(trx, order.id, 'patient_cancel', userId, now);
  return true;
}

/**
 * The patient moves the visit to `next` (the caller checked the rules on the locked order): the new
 * place is taken and the old one freed, the status unchanged with an event saying so, the calendar
 * event superseded and the reminder moved. 409 when the slot is full or the order moved meanwhile.
 */
export async function moveVisit(trx: Db, order: repo.OrderRow, next: { id: number; start_at: string }, userId: number, now: Date): Promise<void> {
  if (!(await bookSlot(trx, next.id))) throw conflict(SLOT_FULL, undefined, ERROR_CODES.slotFull);
  // Keep the stored visit date in the format the order was created with (date or timestamp).
  const date = order.nurse_checkout_date.length <= 10 ? next.start_at.slice(0, 10) : next.start_at;
  const at = now.toISOString();
  // Conditional move: an order moved or cancelled meanwhile is refused and the transaction rolls back.
  if (!(await repo.moveOrderSlot(trx, order.id, order.slot_id, order.status, next.id, date, at))) throw conflict(VISIT_CHANGE_CLOSED);
  await releaseSlot(trx, order.slot_id);
  await repo.insertEvent(trx, order.id, order.status, userId, at, `Visit moved to ${next.start_at}`);
  await repo.bumpCalendarSequence(trx, order.id);
  await scheduleVisitReminder(trx, order.id, next.start_at, now, order.laboratory_id);
}

/* ---------- the payment's hold ---------- */

/**
 * The online payment did not arrive within the hold (payments/hold.ts, in its transaction, the order
 * locked): an order not cancelled yet is cancelled by the system, its slot freed, its calendar event
 * superseded and its reminder dropped. False when the order changed meanwhile.
 */
export async function expireUnpaid(trx: Db, order: repo.OrderRow, at: string): Promise<boolean> {
  if (order.status === 'cancelled') return true;
  if (!(await repo.setStatus(trx, order.id, order.status, 'cancelled', null, at, EXPIRED_NOTE))) return false;
  await releaseSlot(trx, order.slot_id);
  await repo.bumpCalendarSequence(trx, order.id);
  await cancelVisitReminder(trx, order.id);
  return true;
}

/* ---------- what follows a move ---------- */

/** Who moved the order, as the visit's events name it. */
function visitActor(order: repo.OrderRow, actorUserId: number | null): VisitActor {
  if (actorUserId === null) return { userId: null, role: 'system' };
  return { userId: actorUserId, role: actorUserId === order.user_id ? 'patient' : actorUserId === order.nurse_user_id ? 'nurse' : 'staff' };
}

/** Samples collected (or any later step reached first) collects the visit; a cancelled order cancels it. */
async function visitFollowsStatus(trx: Db, order: repo.OrderRow, to: OrderStatus, actorUserId: number | null, note: string, now: Date): Promise<void> {
  const current = (await repo.getOrder(trx, order.id)) ?? order;
  if (to === 'cancelled') await followVisit(trx, current, 'cancelled', visitActor(order, actorUserId), note, now);
  else if (to === 'sample_collected' || to === 'in_lab') await followVisit(trx, current, 'collected', visitActor(order, actorUserId), note, now);
}

/**
 * Mails the ordering user at visit confirmation and when every result of the order is final,
 * when they chose e-mail as a contact at checkout. A failed mail is logged, never undoes the change.
 */
async function notifyChanges(db: Db, changes: StatusChange[]): Promise<void> {
  const last = new Map<number, StatusChange>();
  // "Results ready" once per order: when its last result is final (the move to completed happens once).
  for (const c of changes) if (c.to === 'visit_confirmed' || c.to === 'completed') last.set(c.orderId, c);
  for (const change of last.values()) {
    const order = await repo.getOrder(db, change.orderId);
    if (!order) continue;
    const byEmail = order.feedback_use_email === 1;
    if (change.to === 'completed') {
      // E-mail only when chosen as a contact at checkout; a push by the account's settings.
      await noticeResultsReady(db, order, byEmail);
      continue;
    }
    const user = byEmail ? await repo.getUser(db, order.user_id) : undefined;
    if (!user) continue;
    // Sent after a staff action: in the language the patient last used in the shop.
    const language = mailLanguage(user.locale);
    const t = mailTranslator(language);
    const slot = (await findSlotsByIds(db, [order.slot_id])).get(order.slot_id);
    const lab = (await findLaboratoriesByIds(db, [order.laboratory_id])).get(order.laboratory_id);
    // In the laboratory's local time, like the order confirmation.
    const when = slot ? formatVisit(slot.start_at, slot.end_at, timeZoneOf(lab?.country ?? 'PL'), intlLocale(language)) : order.nurse_checkout_date;
    const where = [order.address_street, order.address_city].filter(Boolean).join(', ');
    const mail = visitConfirmedMail({ name: user.first_name || user.email, number: order.number, when, where, orderLink: `${getConfig().appUrl}/orders/${order.id}` }, t);
    await queueMail(db, { kind: 'visitConfirmed', to: user.email, laboratoryId: order.laboratory_id, ...mail });
  }
}
