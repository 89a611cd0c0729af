import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { COUNTRY_TIME_ZONES } from '../db/demo/laboratories';

type Db = Kysely<Database>;

/** Nurse visit windows, local time of the laboratory: [start hour, end hour]. */
export const SLOT_WINDOWS: [number, number][] = [
  [8, 10],
  [10, 12],
  [12, 14],
  [16, 18],
];

/** Days ahead (today included) for which nurse slots always exist. */
export const SLOT_DAYS_AHEAD = 30;

export function timeZoneOf(country: string): string {
  return COUNTRY_TIME_ZONES[country] ?? 'UTC';
}

/** Offset of `tz` from UTC at the instant `utcMs`, in milliseconds. */
function zoneOffsetMs(utcMs: number, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** The UTC instant of a local wall-clock hour on a local day (`YYYY-MM-DD`) in `tz`. */
export function localToUtc(day: string, hour: number, tz: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour);
  const first = guess - zoneOffsetMs(guess, tz);
  return new Date(guess - zoneOffsetMs(first, tz));
}

/** The local calendar day (`YYYY-MM-DD`) of an instant in `tz`. */
export function localDay(at: Date, tz: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The `count` local days starting with today's local day in `tz`. */
export function daysAhead(now: Date, tz: string, count = SLOT_DAYS_AHEAD): string[] {
  const today = localDay(now, tz);
  return Array.from({ length: count }, (_, i) => addDays(today, i));
}

/** A stable capacity of 2 to 4 nurses per window. */
function capacityOf(laboratoryId: string, day: string, hour: number): number {
  const h = crypto.createHash('sha1').update(`${laboratoryId}|${day}|${hour}`).digest();
  return 2 + ((h[0] ?? 0) % 3);
}

export interface SlotRow {
  laboratory_id: string;
  start_at: string;
  end_at: string;
  capacity: number;
  booked: number;
}

export function slotRowsFor(laboratoryId: string, tz: string, day: string): SlotRow[] {
  return SLOT_WINDOWS.map(([from, to]) => ({
    laboratory_id: laboratoryId,
    start_at: localToUtc(day, from, tz).toISOString(),
    end_at: localToUtc(day, to, tz).toISOString(),
    capacity: capacityOf(laboratoryId, day, from),
    booked: 0,
  }));
}

/**
 * Generates the slots of the given local days of a laboratory, each day once: the day is claimed in
 * `nurse_slot_days` first, so concurrent callers never generate the same day twice.
 */
export async function generateSlotDays(db: Db, laboratory: { id: string; country: string }, days: string[]): Promise<number> {
  if (!days.length) return 0;
  const tz = timeZoneOf(laboratory.country);
  const claimed = await db
    .insertInto('nurse_slot_days')
    .values(days.map((day) => ({ laboratory_id: laboratory.id, day })))
    .onConflict((oc) => oc.doNothing())
    .returning('day')
    .execute();
  const rows = claimed.flatMap((c) => slotRowsFor(laboratory.id, tz, c.day));
  for (let i = 0; i < rows.length; i += 200) {
    await db.insertInto('nurse_slots').values(rows.slice(i, i + 200)).execute();
  }
  return rows.length;
}

/**
 * Keeps `SLOT_DAYS_AHEAD` days of slots ahead for a laboratory whose schedule is generated (one with
 * generated days; laboratories with hand-made slots are left alone). Cheap when nothing is missing.
 */
export async function ensureSlots(db: Db, laboratoryId: string, now = new Date()): Promise<void> {
  const lab = await db.selectFrom('laboratories').select(['id', 'country']).where('id', '=', laboratoryId).executeTakeFirst();
  if (!lab) return;
  const wanted = daysAhead(now, timeZoneOf(lab.country));
  const have = await db
    .selectFrom('nurse_slot_days')
    .select('day')
    .where('laboratory_id', '=', laboratoryId)
    .where('day', '>=', wanted[0] as string)
    .execute();
  if (!have.length) {
    const generated = await db.selectFrom('nurse_slot_days').select('day').where('laboratory_id', '=', laboratoryId).limit(1).executeTakeFirst();
    if (!generated) return;
  }
  const haveSet = new Set(have.map((r) => r.day));
  const missing = wanted.filter((d) => !haveSet.has(d));
  if (!missing.length) return;
  await db.transaction().execute((trx) => generateSlotDays(trx, lab, missing));
}

export interface NurseSlotRecord {
  id: number;
  start_at: string;
  end_at: string;
  capacity: number;
  booked: number;
}

export async function findSlots(db: Db, laboratoryId: string, fromIso: string, toIso: string): Promise<NurseSlotRecord[]> {
  return db
    .selectFrom('nurse_slots')
    .select(['id', 'start_at', 'end_at', 'capacity', 'booked'])
    .where('laboratory_id', '=', laboratoryId)
    .where('start_at', '>=', fromIso)
    .where('start_at', '<', toIso)
    .orderBy('start_at')
    .orderBy('id')
    .execute();
}
