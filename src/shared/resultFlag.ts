import type { ResultFlagDto, ResultInterpretationDto } from '@/shared/types/results';

/**
 * Interpretation of a result from the reference interval that applies to the patient (HL7 v3
 * ObservationInterpretation codes), shared by the server, which decides, and the staff console,
 * which previews:
 * - `LL` / `HH`: beyond the analysis' critical (panic) limits;
 * - `L` / `H`: below the lower or above the upper limit of the interval (limits are inside);
 * - `A`: a text result that differs from the expected text (e.g. `positive` where `negative` is expected);
 * - `N`: otherwise, and whenever there is nothing to compare with.
 */
export interface IntervalLike {
  low?: number | null;
  high?: number | null;
  text?: string | null;
}

export interface CriticalLimits {
  criticalLow?: number | null;
  criticalHigh?: number | null;
}

const num = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Spellings that mean the same negative finding. */
const NEGATIVE = new Set(['negative', 'neg', 'not detected', 'non-reactive', 'nonreactive', 'non reactive', 'absent', 'not found']);

/** A text result reduced for comparison: lower case, single spaces, negative spellings as one. */
export function normaliseText(text: string): string {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/[.!]$/, '');
  return NEGATIVE.has(t) ? 'negative' : t;
}

export function interpret(value: number | string, interval: IntervalLike | null | undefined, limits: CriticalLimits = {}): ResultInterpretationDto {
  if (typeof value === 'string') {
    const expected = interval?.text;
    if (!expected || !value.trim()) return 'N';
    return normaliseText(value) === normaliseText(expected) ? 'N' : 'A';
  }
  if (!Number.isFinite(value)) return 'N';
  const cLow = num(limits.criticalLow);
  const cHigh = num(limits.criticalHigh);
  if (cLow !== null && value < cLow) return 'LL';
  if (cHigh !== null && value > cHigh) return 'HH';
  const low = num(interval?.low);
  const high = num(interval?.high);
  if (low !== null && value < low) return 'L';
  if (high !== null && value > high) return 'H';
  return 'N';
}

const FLAG_OF: Record<ResultInterpretationDto, ResultFlagDto> = { N: 'normal', L: 'low', H: 'high', LL: 'critical', HH: 'critical', A: 'abnormal' };

/** The coarse flag kept for older clients: LL and HH are `critical`, A is `abnormal`. */
export const flagOf = (i: ResultInterpretationDto): ResultFlagDto => FLAG_OF[i];

export const isCritical = (i: ResultInterpretationDto | null | undefined): boolean => i === 'LL' || i === 'HH';

/** The interpretation of a stored result that predates interpretations (from its flag and value). */
export function interpretationFromFlag(flag: ResultFlagDto, value: number | string, refLow: number | null): ResultInterpretationDto {
  if (flag === 'critical') return typeof value === 'number' && refLow !== null && value < refLow ? 'LL' : 'HH';
  return ({ normal: 'N', low: 'L', high: 'H', abnormal: 'A' } as const)[flag];
}

/** Numeric-only shortcut used where only limits are known. */
export function computeFlag(value: number | string, refLow: number | null | undefined, refHigh: number | null | undefined): ResultFlagDto {
  return flagOf(interpret(value, { low: refLow, high: refHigh }));
}


/** Completed years of life on `day` (`YYYY-MM-DD`); a birthday on that day counts. 29 February birthdays count on 1 March in other years. */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return Math.max(0, age);
}

export interface BandLike {
  gender?: 'male' | 'female' | null;
  minAge?: number | null;
  maxAge?: number | null;
}

/** The first interval (in catalogue order) whose sex and age band include the patient; undefined when none does. */
export function selectInterval<R extends BandLike>(ranges: readonly R[], gender: 'male' | 'female', age: number): R | undefined {
  return ranges.find((r) => (!r.gender || r.gender === gender) && (r.minAge == null || age >= r.minAge) && (r.maxAge == null || age <= r.maxAge));
}

/** Parses what a person typed: a number (comma or dot decimals) or, failing that, the trimmed text. */
export function parseResultValue(input: string): number | string {
  const t = input.trim();
  if (/^[-+]?\d+([.,]\d+)?$/.test(t)) return Number(t.replace(',', '.'));
  return t;
}

/** The translation key (results namespace) of a result's flag: critical ones say which way ("Critical: very high"). */
export function flagLabelKey(flag: ResultFlagDto, interpretation?: ResultInterpretationDto | null): string {
  if (interpretation === 'LL') return 'flag.criticalLow';
  if (interpretation === 'HH') return 'flag.criticalHigh';
  return `flag.${flag}`;
}
