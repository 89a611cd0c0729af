import type { Db } from '@/server/db/createDb';
import type { VisitState } from '@/server/db/schema';
import type { VisitTrackingDto } from '@/shared/types/results';
import { ARRIVAL_WINDOW_MINUTES, isFinalVisitState, TRAVEL_ESTIMATE_MINUTES, visitDayRefusal, visitRefusal, type VisitRefusal } from '@/shared/visitState';
import { isNurse, type AuthUser } from '@/server/http/auth';
import { conflict } from '@/server/http/errors';
import { ERROR_CODES, type ErrorCode } from '@/shared/errorCodes';
import type { OrderRow } from '@/server/orders/repositories/orders';
import * as repo from '@/server/visits/repositories/visitStates';
import { findSlotsByIds } from '@/server/visits/repositories/slots';
import { findLaboratory } from '@/server/laboratories/repositories/laboratories';
import { localDay, timeZoneOf } from '@/server/laboratories/laboratoryTime';
import { staffFirstName } from './nurseNames';

/**
 * The home visit's own states (rules in src/shared/visitState.ts): each change written with its event
 * (time, actor, reason) in the transaction of the action that caused it, and the visit as the
 * patient follows it. The order's status stays as the spec defines it; the nurse's actions that
 * change it (samples collected, cancel) also move the visit here.
 */

export const VISIT_REFUSALS: Record<VisitRefusal, string> = {
  same: 'The visit already has this state',
  final: 'The visit is over and its state can no longer change',
  backwards: 'A visit cannot go back to an earlier state',
  not_at_home_too_early: '"Not at home" is possible once the nurse has arrived or 15 minutes after the visit window starts',
  not_visit_day: '"On the way" is possible only on the day of the visit',
  arrived_not_visit_day: '"Arrived" is possible only on the day of the visit',
  collected_not_visit_day: '"Samples collected" is possible only on the day of the visit',
  not_at_home_not_visit_day: '"Not at home" is possible only on the day of the visit',
};
export const VISIT_REFUSAL_CODES: Record<VisitRefusal, ErrorCode> = {
  same: ERROR_CODES.visitSame,
  final: ERROR_CODES.visitFinal,
  backwards: ERROR_CODES.visitBackwards,
  not_at_home_too_early: ERROR_CODES.visitNotAtHomeTooEarly,
  not_visit_day: ERROR_CODES.visitNotVisitDay,
  arrived_not_visit_day: ERROR_CODES.visitArrivedNotVisitDay,
  collected_not_visit_day: ERROR_CODES.visitCollectedNotVisitDay,
  not_at_home_not_visit_day: ERROR_CODES.visitNotAtHomeNotVisitDay,
};
export const VISIT_RACE = 'The visit was changed at the same time; reload and try again';

export type VisitActor = { userId: number | null; role: 'patient' | 'staff' | 'nurse' | 'system' };

export const actorOfUser = (user: AuthUser): VisitActor => ({ userId: user.id, role: user.role === 'patient' ? 'patient' : isNurse(user) ? 'nurse' : 'staff' });

/** The facts the rules read: the slot's start and local day, and today in the laboratory's time zone. */
async function factsOf(db: Db, order: OrderRow, now: Date) {
  const [slot, lab] = await Promise.all([findSlotsByIds(db, [order.slot_id]).then((m) => m.get(order.slot_id)), findLaboratory(db, order.laboratory_id)]);
  const tz = timeZoneOf(lab?.country ?? '');
  const slotStart = slot?.start_at ?? order.nurse_checkout_date;
  return { slotStart, slotEnd: slot?.end_at ?? slotStart, slotDay: localDay(new Date(slotStart), tz), today: localDay(now, tz), now };
}

/**
 * The nurse's step `to` (on the way, arrived, collected, not at home) only on the visit's day in the
 * laboratory's time zone: 409 with the step's own code otherwise. For the nurse's "samples collected"
 * through the order's status; the staff console's status changes are not held to it (staff record
 * what happened, when they record it).
 */
export async function checkVisitDay(db: Db, order: OrderRow, to: VisitState, now: Date): Promise<void> {
  const refusal = visitDayRefusal(to, await factsOf(db, order, now));
  if (refusal) throw conflict(VISIT_REFUSALS[refusal], undefined, VISIT_REFUSAL_CODES[refusal]);
}

/** Throws 409 with the reason when the rules refuse the move (staff corrections skip this). */
export async function checkVisitMove(db: Db, order: OrderRow, to: VisitState, now: Date): Promise<void> {
  const refusal = visitRefusal(order.visit_state, to, await factsOf(db, order, now));
  if (refusal) throw conflict(VISIT_REFUSALS[refusal], undefined, VISIT_REFUSAL_CODES[refusal]);
}

export interface ApplyOptions {
  reason?: string;
  window?: { start: string; end: string } | null;
  /** A staff correction (with a reason): any other state, backwards included. */
  correction?: boolean;
  /** The caller ran `checkVisitMove` on this same row (read under the order's lock): not run again. */
  ruleChecked?: boolean;
  now?: Date;
}

/** A second "on my way" announces a new arrival window (not a move the rules look at). */
export const isNewWindow = (from: VisitState, to: VisitState) => to === 'on_the_way' && from === 'on_the_way';

/**
 * Moves the visit by the rules (or as a correction); 409 when refused or changed meanwhile. Returns
 * the order's row as the move wrote it.
 */
export async function applyVisitState(db: Db, order: OrderRow, to: VisitState, actor: VisitActor, opts: ApplyOptions = {}): Promise<OrderRow> {
  const now = opts.now ?? new Date();
  const newWindow = isNewWindow(order.visit_state, to);
  if (order.visit_state === to && !newWindow) throw conflict(VISIT_REFUSALS.same, undefined, ERROR_CODES.visitSame);
  if (!opts.correction && !newWindow && !opts.ruleChecked) await checkVisitMove(db, order, to, now);
  const moved = await repo.moveVisitState(db, order.id, order.visit_state, to, {
    at: now.toISOString(),
    actorUserId: actor.userId,
    actorRole: actor.role,
    reason: opts.reason ?? '',
    window: to === 'on_the_way' ? opts.window ?? null : opts.window,
  });
  if (!moved) throw conflict(VISIT_RACE, undefined, ERROR_CODES.changedMeanwhile);
  return moved;
}

/**
 * The visit follows an order action that already passed its own rules (a nurse assigned, samples
 * collected, the order cancelled, nobody at home): a visit already over is left alone, except that
 * collected samples win over an earlier "not at home".
 */
export async function followVisit(db: Db, order: OrderRow, to: VisitState, actor: VisitActor, reason = '', now = new Date()): Promise<void> {
  const from = order.visit_state;
  if (from === to) return;
  if (isFinalVisitState(from) && !(from === 'not_at_home' && to === 'collected')) return;
  if (!(await repo.moveVisitState(db, order.id, from, to, { at: now.toISOString(), actorUserId: actor.userId, actorRole: actor.role, reason }))) {
    throw conflict(VISIT_RACE, undefined, ERROR_CODES.changedMeanwhile);
  }
}

/** The first name a patient reads for the nurse (null: none given, the page says "your nurse"). */
export async function nurseFirstNameOf(db: Db, nurseUserId: number): Promise<string | null> {
  const row = await repo.getNames(db, nurseUserId);
  return row ? staffFirstName(row) : null;
}

/** The visit as the patient sees it: state, window, the nurse's first name only, events in order. */
export async function visitTracking(db: Db, order: OrderRow): Promise<VisitTrackingDto> {
  const [events, nurseFirstName] = await Promise.all([
    repo.listVisitEvents(db, order.id),
    order.nurse_user_id ? nurseFirstNameOf(db, order.nurse_user_id) : Promise.resolve(null),
  ]);
  const window = order.visit_arrival_start && order.visit_arrival_end ? { start: order.visit_arrival_start, end: order.visit_arrival_end } : null;
  return {
    state: order.visit_state,
    window: order.visit_state === 'on_the_way' || order.visit_state === 'arrived' ? window : null,
    nurseFirstName: order.visit_state === 'cancelled' ? null : nurseFirstName,
    // Booked when the order was placed (no event row is written for that).
    events: [{ state: 'booked' as const, at: order.created_at }, ...events.map((e) => ({ state: e.state, at: e.at }))],
  };
}

/** The default expected arrival for "on my way": now plus the travel estimate, a 30-minute window (the nurse's dialog offers the same). */
export function defaultWindow(now: Date, arrivalStart?: string, arrivalEnd?: string): { start: string; end: string } {
  const start = arrivalStart ? new Date(arrivalStart) : new Date(now.getTime() + TRAVEL_ESTIMATE_MINUTES * 60_000);
  const end = arrivalEnd ? new Date(arrivalEnd) : new Date(start.getTime() + ARRIVAL_WINDOW_MINUTES * 60_000);
  return { start: start.toISOString(), end: end.toISOString() };
}
