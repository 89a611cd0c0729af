import type { ResultInterpretationDto } from '@/shared/types/results';
import { normaliseText, type CriticalLimits, type IntervalLike } from './resultFlag';

/**
 * What a result value may be, by analysis (shared by the server, which refuses, and the staff
 * console, which warns before saving):
 * - `numeric`: every analysis that is neither of the two below takes a number, with a decimal
 *   point or comma (`5.4`, `5,4`), optionally as a bound (`<0.01`, `>1000`, `≤5`);
 * - `text`: an analysis with an expected text (`negative`, `not detected`) takes a qualitative
 *   finding: its expected value or another one of QUALITATIVE (or a titre such as `1:160`);
 * - `free`: an analysis the catalogue marks as reporting text (`reports_text`: a genetic report,
 *   urinalysis, blood group) takes any short text. A panel (the blood count) takes no value of its
 *   own: its components (src/server/results/panels.ts) are numeric analyses.
 */
export type ResultKind = 'numeric' | 'text' | 'free';

export type Bound = '<' | '>' | '<=' | '>=';

export interface NumericValue {
  value: number;
  bound: Bound | null;
}

const BOUND_OF: Record<string, Bound> = { '<': '<', '>': '>', '<=': '<=', '>=': '>=', '≤': '<=', '≥': '>=' };

/** A number typed or sent for a numeric analysis, or null when it is not one. */
export function parseNumeric(input: number | string): NumericValue | null {
  if (typeof input === 'number') return Number.isFinite(input) ? { value: input, bound: null } : null;
  const m = /^(<=|>=|<|>|≤|≥)?\s*([-+]?\d+(?:[.,]\d+)?)$/.exec(input.trim());
  if (!m) return null;
  const value = Number((m[2] as string).replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  return { value, bound: m[1] ? (BOUND_OF[m[1]] as Bound) : null };
}

/** The stored text of a bound value: `<0.01` (decimal point, no space). */
export const boundText = (v: NumericValue): string => `${v.bound ?? ''}${v.value}`;

/** Qualitative findings a text analysis accepts besides its own expected value. */
export const QUALITATIVE = [
  'negative',
  'positive',
  'weakly positive',
  'strongly positive',
  'borderline',
  'equivocal',
  'indeterminate',
  'detected',
  'not detected',
  'reactive',
  'non-reactive',
  'no growth',
  'growth',
  'trace',
  'present',
  'absent',
] as const;

const QUALITATIVE_SET = new Set<string>(QUALITATIVE.map(normaliseText));
/** A titre, alone or after a finding: `1:160`, `positive 1:320`. */
const TITRE = /^(?:(?:weakly |strongly )?positive\s*)?\(?1\s*:\s*\d{1,6}\)?$/;
/** A culture finding naming what grew: `growth: E. coli 10^5 CFU/mL`. */
const GROWTH = /^growth\b.{0,190}$/;

/** True when `value` is a qualitative finding for an analysis expecting one of `expected`. */
export function acceptsText(value: string, expected: readonly string[]): boolean {
  const v = normaliseText(value);
  if (!v) return false;
  if (expected.some((e) => normaliseText(e) === v)) return true;
  return QUALITATIVE_SET.has(v) || TITRE.test(v) || GROWTH.test(v);
}

/** Interpretation of a bound: `<x` can only be judged low, `>x` only high. */
export function interpretBound(v: NumericValue, interval: IntervalLike | null | undefined, limits: CriticalLimits = {}): ResultInterpretationDto {
  const n = v.value;
  const below = v.bound === '<' || v.bound === '<=';
  const strict = v.bound === '<' || v.bound === '>';
  const beyond = (limit: number | null | undefined, side: 'low' | 'high') =>
    typeof limit === 'number' && Number.isFinite(limit) && (side === 'low' ? (strict ? n <= limit : n < limit) : strict ? n >= limit : n > limit);
  if (below) {
    if (beyond(limits.criticalLow, 'low')) return 'LL';
    if (beyond(interval?.low, 'low')) return 'L';
    return 'N';
  }
  if (beyond(limits.criticalHigh, 'high')) return 'HH';
  if (beyond(interval?.high, 'high')) return 'H';
  return 'N';
}
