import type { Db } from '@/server/db/createDb';
import { badRequest, conflict, notFound } from '@/server/http/errors';
import { ERROR_CODES } from '@/shared/errorCodes';
import { cycleDayOn, cycleStartRefusal, localDayOf } from '@/shared/timing';
import type { CheckInDto, CheckInResultDto } from '@/shared/types/checkIn';
import { timeZoneOf } from '@/server/laboratories/laboratoryTime';
import { timingOfRow } from '@/server/catalogue/catalogue';
import * as repo from './repositories/checkIn';

/**
 * The morning check-in of a home visit (issue "timing-aware booking"; docs/backend.md, "Morning
 * check-in"): on the morning of the visit the patient says when they last ate and, for cycle-day
 * analyses, the first day of the last period. An answer that breaks a rule of the order's analyses
 * (too short a fast, a cycle day outside the analysis's days) is told at once with a free move of the
 * visit until its start. The answers travel with the sample: staff see them, the result PDF and the
 * FHIR export (Specimen.collection.fastingStatus) carry the fasting.
 */

export const CHECK_IN_CLOSED = 'The visit of this order is over or cancelled';
const CLOSED_STATUSES = new Set(['sample_collected', 'in_lab', 'partial_results', 'completed', 'cancelled']);
/** A clock a few minutes ahead on the phone is not "the future". */
const CLOCK_SLACK_MS = 5 * 60_000;

async function loadOwn(db: Db, userId: number, orderId: number) {
  const order = await repo.findOrderVisit(db, orderId);
  if (!order || order.user_id !== userId) throw notFound('Order not found', ERROR_CODES.notFound);
  return order;
}

/** What the order's analyses ask: the longest minimum fast, and the cycle days of a woman's analysis. */
export async function rulesOf(db: Db, orderId: number) {
  const rows = await repo.listOrderTiming(db, orderId);
  let fastingHours: number | null = null;
  let cycleDays: [number, number] | null = null;
  for (const r of rows) {
    const timing = timingOfRow(r);
    if (timing.fastingHours) fastingHours = Math.max(fastingHours ?? 0, timing.fastingHours[0]);
    if (timing.cycleDays && r.gender === 'female') cycleDays = cycleDays ? [Math.max(cycleDays[0], timing.cycleDays[0]), Math.min(cycleDays[1], timing.cycleDays[1])] : timing.cycleDays;
  }
  return { fastingHours, cycleDays };
}

/** `GET orders/{id}/check-in`: the questions of the order's check-in and the answer given, if any. */
export async function getCheckIn(db: Db, userId: number, orderId: number): Promise<CheckInDto> {
  const order = await loadOwn(db, userId, orderId);
  const [rules, answer] = await Promise.all([rulesOf(db, orderId), repo.findCheckIn(db, orderId)]);
  return {
    orderId,
    orderNumber: order.number,
    visitStart: order.start_at,
    visitEnd: order.end_at,
    timeZone: timeZoneOf(order.country),
    open: !CLOSED_STATUSES.has(order.status),
    fastingHours: rules.fastingHours,
    cycleDays: rules.cycleDays,
    answer: answer ? { lastMealAt: answer.last_meal_at, cycleStart: answer.cycle_start, fastingHours: answer.fasting_hours, ok: answer.rules_met === 1, answeredAt: answer.answered_at } : null,
  };
}

/** `POST orders/{id}/check-in {lastMealAt, cycleStart?}` -> `{ok, rescheduleOffer?: {fee: 0, until}}`. */
export async function checkIn(db: Db, userId: number, orderId: number, input: { lastMealAt: string; cycleStart?: string | null }, now = new Date()): Promise<CheckInResultDto> {
  const order = await loadOwn(db, userId, orderId);
  if (CLOSED_STATUSES.has(order.status) || Date.parse(order.end_at) <= now.getTime()) throw conflict(CHECK_IN_CLOSED, undefined, ERROR_CODES.checkInClosed);
  const lastMeal = Date.parse(input.lastMealAt);
  if (Number.isNaN(lastMeal)) throw badRequest('Give the time of the last meal', { lastMealAt: 'Give the time of the last meal' });
  if (lastMeal > now.getTime() + CLOCK_SLACK_MS) throw badRequest('The last meal cannot be in the future', { lastMealAt: 'The last meal cannot be in the future' });
  if (lastMeal < now.getTime() - 7 * 86_400_000) throw badRequest('The last meal cannot be over a week back', { lastMealAt: 'The last meal cannot be over a week back' });
  const cycleStart = input.cycleStart ? input.cycleStart : null;
  if (cycleStart) {
    const refusal = cycleStartRefusal(cycleStart, timeZoneOf(order.country), now);
    if (refusal) throw badRequest(refusal, { cycleStart: refusal });
  }
  const rules = await rulesOf(db, orderId);
  if (rules.cycleDays && !cycleStart) throw badRequest('Give the first day of the last period', { cycleStart: 'Give the first day of the last period' });
  const fastingHours = Math.round(((Date.parse(order.start_at) - lastMeal) / 3_600_000) * 10) / 10;
  const fastingMet = rules.fastingHours === null || fastingHours >= rules.fastingHours;
  let cycleMet = true;
  if (rules.cycleDays && cycleStart) {
    const day = cycleDayOn(localDayOf(order.start_at, timeZoneOf(order.country)), cycleStart);
    cycleMet = day >= rules.cycleDays[0] && day <= rules.cycleDays[1];
  }
  const ok = fastingMet && cycleMet;
  await repo.saveCheckIn(db, { order_id: orderId, last_meal_at: new Date(lastMeal).toISOString(), cycle_start: cycleStart, fasting_hours: fastingHours, rules_met: ok ? 1 : 0, answered_at: now.toISOString() });
  // A free move of the visit, open until the visit starts.
  return ok ? { ok } : { ok, rescheduleOffer: { fee: 0, until: order.start_at } };
}

/** The check-in that travels with the order's samples (staff, result PDF, FHIR), if one was given. */
export async function sampleCheckIn(db: Db, orderId: number) {
  const row = await repo.findCheckIn(db, orderId);
  if (!row) return null;
  const rules = await rulesOf(db, orderId);
  return { lastMealAt: row.last_meal_at, cycleStart: row.cycle_start, fastingHours: row.fasting_hours, requiredFastingHours: rules.fastingHours, ok: row.rules_met === 1, answeredAt: row.answered_at };
}

/** Whether a morning check-in that broke a rule lets the owner move the visit now (until it starts), inside the 24 hours. */
export async function checkInOffersMove(db: Db, order: { id: number; status: string }, visitStart: string, now = new Date()): Promise<boolean> {
  if (CLOSED_STATUSES.has(order.status) || Date.parse(visitStart) <= now.getTime()) return false;
  const row = await repo.findCheckIn(db, order.id);
  return !!row && row.rules_met === 0;
}
