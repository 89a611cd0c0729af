import { addDaysToKey, labClock, labDayKey, labTimeToIso } from '@/shared/labTime';
import { ARRIVAL_WINDOW_MINUTES, MAX_ARRIVAL_WINDOW_MINUTES, TRAVEL_ESTIMATE_MINUTES } from '@/shared/visitState';

/** The nurse's expected arrival as typed: two wall-clock times (`HH:MM`) on a day, in the laboratory's zone. */
export interface ArrivalDraft {
  day: string;
  start: string;
  end: string;
}

/** What "On my way" offers: now plus the travel estimate, a window of ARRIVAL_WINDOW_MINUTES, on the laboratory's clock. */
export function defaultArrival(now: Date, timeZone: string): ArrivalDraft {
  const start = new Date(now.getTime() + TRAVEL_ESTIMATE_MINUTES * 60_000);
  const end = new Date(start.getTime() + ARRIVAL_WINDOW_MINUTES * 60_000);
  return { day: labDayKey(start, timeZone), start: labClock(start, timeZone), end: labClock(end, timeZone) };
}

/** An announced window as the dialog shows it again (to announce a new one). */
export function draftOf(window: { start: string; end: string }, timeZone: string): ArrivalDraft {
  return { day: labDayKey(window.start, timeZone), start: labClock(window.start, timeZone), end: labClock(window.end, timeZone) };
}

export type ArrivalProblem = 'timeMissing' | 'endBeforeStart' | 'windowTooLong';

/** The window as the server takes it (UTC instants), or why it cannot be sent (a translation key of `visit:nurseButtons`). */
export function arrivalWindow(d: ArrivalDraft, timeZone: string): { arrivalStart: string; arrivalEnd: string } | { problem: ArrivalProblem } {
  const arrivalStart = labTimeToIso(d.day, d.start, timeZone);
  const sameDay = labTimeToIso(d.day, d.end, timeZone);
  if (!arrivalStart || !sameDay) return { problem: 'timeMissing' };
  const max = MAX_ARRIVAL_WINDOW_MINUTES * 60_000;
  const length = (end: string) => Date.parse(end) - Date.parse(arrivalStart);
  // 23:50–00:20 ends after midnight; 09:00–08:30 ends before it starts.
  const nextDay = labTimeToIso(addDaysToKey(d.day, 1), d.end, timeZone) as string;
  const arrivalEnd = length(sameDay) <= 0 && length(nextDay) <= max ? nextDay : sameDay;
  if (length(arrivalEnd) <= 0) return { problem: 'endBeforeStart' };
  if (length(arrivalEnd) > max) return { problem: 'windowTooLong' };
  return { arrivalStart, arrivalEnd };
}

export const MAX_WINDOW_HOURS = MAX_ARRIVAL_WINDOW_MINUTES / 60;
