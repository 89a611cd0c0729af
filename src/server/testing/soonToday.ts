import { labDayKey } from '@/shared/labTime';

/**
 * An instant about `minutes` from `now` that falls on the same local day as `now` in `timeZone`:
 * tests of "on the way only on the visit's day" must not fail when they run just before local
 * midnight, so a start that would cross midnight is placed `minutes` before `now` instead.
 */
export function soonToday(minutes: number, timeZone: string, now = new Date()): Date {
  const later = new Date(now.getTime() + minutes * 60_000);
  if (labDayKey(later, timeZone) === labDayKey(now, timeZone)) return later;
  return new Date(now.getTime() - minutes * 60_000);
}
