/**
 * When a sample may be taken, per analysis (`labService.timing`): fasting (a morning visit), a
 * latest local time of day ("before 10:00"), days of the menstrual cycle. Shared by the server (slot
 * offers for a cart, `order/create`) and the pages that show the rules and why a time is missing.
 */
export interface AnalysisTimingDto {
  /** Hours of fasting before the draw, [at least, at most]: the visit must end by FASTING_LATEST_LOCAL_TIME. */
  fastingHours?: [number, number];
  /** The visit must end by this local time of the laboratory ("HH:MM"). */
  latestLocalTime?: string;
  /** Days of the menstrual cycle (day 1 = the first day of the period), for women. */
  cycleDays?: [number, number];
}

/** A fast of 8-12 hours is kept overnight: such a visit ends by noon, laboratory time. */
export const FASTING_LATEST_LOCAL_TIME = '12:00';

/** Why a visit time does not suit an analysis. */
export type TimingProblem = { kind: 'latest'; time: string } | { kind: 'fasting'; time: string } | { kind: 'cycle'; from: number; to: number } | { kind: 'cycleStartNeeded'; from: number; to: number };

export function hasTiming(t: AnalysisTimingDto | null | undefined): t is AnalysisTimingDto {
  return !!t && (!!t.fastingHours || !!t.latestLocalTime || !!t.cycleDays);
}

/** "HH:MM" of an instant in a time zone. */
export function localTimeOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** YYYY-MM-DD of an instant in a time zone. */
export function localDayOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** The day of the cycle on `day` (YYYY-MM-DD), the period having started on `cycleStart` (day 1). */
export function cycleDayOn(day: string, cycleStart: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${cycleStart}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * What stops a visit of [start, end] from suiting an analysis with `timing` for a patient of
 * `gender` (cycle days count for women only), or null when it suits.
 */
export function timingProblem(
  timing: AnalysisTimingDto | null | undefined,
  slot: { start: string; end: string },
  timeZone: string,
  gender: 'male' | 'female',
  cycleStart?: string | null,
): TimingProblem | null {
  if (!hasTiming(timing)) return null;
  // The visit's end compared on the same local day: a window ending at 10:00 is "before 10:00".
  const endTime = localTimeOf(slot.end, timeZone).replace(/^00:00$/, '24:00');
  if (timing.latestLocalTime && endTime > timing.latestLocalTime) return { kind: 'latest', time: timing.latestLocalTime };
  if (timing.fastingHours && endTime > FASTING_LATEST_LOCAL_TIME) return { kind: 'fasting', time: FASTING_LATEST_LOCAL_TIME };
  if (timing.cycleDays && gender === 'female') {
    const [from, to] = timing.cycleDays;
    if (!cycleStart) return { kind: 'cycleStartNeeded', from, to };
    const day = cycleDayOn(localDayOf(slot.start, timeZone), cycleStart);
    if (day < from || day > to) return { kind: 'cycle', from, to };
  }
  return null;
}

/** The problem in English, naming the analysis ("Cortisol: before 10:00"), for an API answer's `fields`. */
export function timingProblemText(name: string, p: TimingProblem): string {
  if (p.kind === 'latest') return `${name}: before ${p.time}`;
  if (p.kind === 'fasting') return `${name}: fasting, a morning visit ending by ${p.time}`;
  if (p.kind === 'cycle') return `${name}: cycle days ${p.from}-${p.to}`;
  return `${name}: give the first day of the last period (cycle days ${p.from}-${p.to})`;
}

/**
 * A first day of the last period may be neither in the future nor over a year back, both counted in
 * the laboratory's local days (a Warsaw patient's "today" at 00:30 is still the previous day in UTC).
 */
export function cycleStartRefusal(value: string, timeZone: string, now = new Date()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return 'Give the date as YYYY-MM-DD';
  const today = localDayOf(now.toISOString(), timeZone);
  if (value > today) return 'The first day of the last period cannot be in the future';
  const yearBack = localDayOf(new Date(now.getTime() - 365 * 86_400_000).toISOString(), timeZone);
  if (value < yearBack) return 'The first day of the last period cannot be over a year back';
  return null;
}
