/**
 * Local time of a laboratory: the time zone of its country, local days and local wall-clock hours as
 * UTC instants. Nurse visit windows (visits/slots.ts), visit e-mails, calendars and the sampling day of
 * results all read the laboratory's local time from here.
 */

import { timeZoneOfCountry } from '@/shared/timeZones';

/** The time zone of a laboratory in `country` (UTC for a country without one). */
export function timeZoneOf(country: string): string {
  return timeZoneOfCountry(country);
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
export function daysAhead(now: Date, tz: string, count: number): string[] {
  const today = localDay(now, tz);
  return Array.from({ length: count }, (_, i) => addDays(today, i));
}
