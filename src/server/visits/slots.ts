import { VISIT_BOOKING_DAYS } from '@/shared/orderLifecycle';
import type { Db } from '@/server/db/createDb';
import type { NurseSlotDto } from '@/shared/types/api';
import { badRequest } from '@/server/http/errors';
import crypto from 'node:crypto';
import { claimSlotDays, findSlotDaysFrom, findSlots, hasSlotDays, insertSlots } from '@/server/visits/repositories/slots';
import { findLaboratory } from '@/server/laboratories/repositories/laboratories';
import { getLaboratoryPricing } from '@/server/laboratories/laboratories';
import { daysAhead, localToUtc, timeZoneOf } from '@/server/laboratories/laboratoryTime';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * Nurse visit slots: the windows of a laboratory's day in its local time (./laboratoryTime.ts), the
 * generated schedule kept `SLOT_DAYS_AHEAD` days ahead, and the slots a client may choose from.
 */

/** Nurse visit windows, local time of the laboratory: [start hour, end hour]. */
export const SLOT_WINDOWS: [number, number][] = [
  [8, 10],
  [10, 12],
  [12, 14],
  [16, 18],
];

/** Days ahead (today included) for which nurse slots always exist. */
export const SLOT_DAYS_AHEAD = VISIT_BOOKING_DAYS;

/** A stable capacity of 2 to 4 nurses per window. */
function capacityOf(laboratoryId: string, day: string, hour: number): number {
  const h = crypto.createHash('sha1').update(`${laboratoryId}|${day}|${hour}`).digest();
  return 2 + ((h[0] ?? 0) % 3);
}

function slotRowsFor(laboratoryId: string, tz: string, day: string) {
  return SLOT_WINDOWS.map(([from, to]) => ({
    laboratory_id: laboratoryId,
    start_at: localToUtc(day, from, tz).toISOString(),
    end_at: localToUtc(day, to, tz).toISOString(),
    capacity: capacityOf(laboratoryId, day, from),
    booked: 0,
  }));
}

/** The local days of a laboratory in `country` that always have slots, today first. */
export function slotDaysAhead(now: Date, country: string): string[] {
  return daysAhead(now, timeZoneOf(country), SLOT_DAYS_AHEAD);
}

/**
 * Generates the slots of the given local days of a laboratory, each day once: the day is claimed
 * first, so concurrent callers never generate the same day twice. Returns the number of slots made.
 */
export async function generateSlotDays(db: Db, laboratory: { id: string; country: string }, days: string[]): Promise<number> {
  const tz = timeZoneOf(laboratory.country);
  const rows = (await claimSlotDays(db, laboratory.id, days)).flatMap((day) => slotRowsFor(laboratory.id, tz, day));
  await insertSlots(db, rows);
  return rows.length;
}

/**
 * Keeps `SLOT_DAYS_AHEAD` days of slots ahead for a laboratory whose schedule is generated (one with
 * generated days; laboratories with hand-made slots are left alone). Cheap when nothing is missing.
 */
export async function ensureSlots(db: Db, laboratoryId: string, now = new Date()): Promise<void> {
  const lab = await findLaboratory(db, laboratoryId);
  if (!lab) return;
  const wanted = slotDaysAhead(now, lab.country);
  const have = await findSlotDaysFrom(db, laboratoryId, wanted[0] as string);
  if (!have.length && !(await hasSlotDays(db, laboratoryId))) return;
  const haveSet = new Set(have);
  const missing = wanted.filter((d) => !haveSet.has(d));
  if (!missing.length) return;
  await inWriteTransaction(db, (trx) => generateSlotDays(trx, lab, missing));
}

/** Longest range one call may ask for, days. */
export const MAX_SLOT_RANGE_DAYS = 62;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` (start of that UTC day) or a full ISO date-time; null when not a date. */
export function parseSlotInstant(value: string | undefined): Date | null {
  if (!value) return null;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * The laboratory's nurse slots from `from` (default now) to `to` (default 31 days later); only slots
 * that start in the future. `available` is the capacity left. The generated schedule is topped up to
 * 30 days ahead on the way. Unknown laboratory: 404.
 */
export async function listNurseSlots(db: Db, laboratoryId: string, from?: string, to?: string, now = new Date()): Promise<NurseSlotDto[]> {
  await getLaboratoryPricing(db, laboratoryId);
  const fromAt = parseSlotInstant(from);
  const toAt = parseSlotInstant(to);
  if (from && !fromAt) throw badRequest('Invalid query: from must be a date', { from: 'Enter a valid date' });
  if (to && !toAt) throw badRequest('Invalid query: to must be a date', { to: 'Enter a valid date' });
  const start = new Date(Math.max(now.getTime(), fromAt?.getTime() ?? 0));
  const end = toAt ?? new Date(start.getTime() + (SLOT_DAYS_AHEAD + 1) * DAY_MS);
  if (end.getTime() - start.getTime() > MAX_SLOT_RANGE_DAYS * DAY_MS) {
    throw badRequest(`Invalid query: the range may span at most ${MAX_SLOT_RANGE_DAYS} days`, { to: 'Range is too long' });
  }
  if (end <= start) return [];
  await ensureSlots(db, laboratoryId, now);
  const rows = await findSlots(db, laboratoryId, start.toISOString(), end.toISOString());
  return rows.map((r) => ({ id: r.id, start: r.start_at, end: r.end_at, capacity: r.capacity, available: Math.max(0, r.capacity - r.booked) }));
}
