import { localDay, localToUtc } from '@/server/laboratories/laboratoryTime';

/**
 * Quiet hours: non-urgent pushes that would arrive between 22:00 and 07:00 in the laboratory's time
 * zone wait until 07:00 (a critical result is never held).
 */
export const QUIET_HOURS = { start: '22:00', end: '07:00' } as const;

const hourOf = (hhmm: string) => Number(hhmm.slice(0, 2));

/** When a push made at `now` may go out: null at once, else the end of the quiet hours (07:00 local). */
export function quietUntil(now: Date, timeZone: string): Date | null {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));
  const start = hourOf(QUIET_HOURS.start);
  const end = hourOf(QUIET_HOURS.end);
  if (hour >= end && hour < start) return null;
  // Before midnight the morning is tomorrow's; after midnight it is today's.
  const day = hour >= start ? localDay(new Date(now.getTime() + 12 * 3600_000), timeZone) : localDay(now, timeZone);
  return localToUtc(day, end, timeZone);
}
