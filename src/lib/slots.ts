import type { NurseSlotDto } from '@/shared/types/api';
import { labDayKey } from '@/shared/labTime';

/**
 * The nurse slots a patient may choose, grouped by the laboratory's local day (the day the nurse
 * comes), each day's slots in time order: slots that are full, already started (`now`) or excluded
 * (the visit's own slot when moving it) are left out. One grouping for booking and for moving a visit.
 */
export function groupSlotsByDay(slots: NurseSlotDto[], timeZone: string, opts: { now?: Date; excludeId?: number } = {}): Map<string, NurseSlotDto[]> {
  const now = opts.now ?? new Date();
  const byDay = new Map<string, NurseSlotDto[]>();
  for (const s of [...slots].sort((a, b) => a.start.localeCompare(b.start))) {
    if (s.available <= 0 || new Date(s.start) <= now || s.id === opts.excludeId) continue;
    const key = labDayKey(s.start, timeZone);
    byDay.set(key, [...(byDay.get(key) ?? []), s]);
  }
  return byDay;
}
