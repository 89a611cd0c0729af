import type { ResultInterpretationDto } from '@/shared/types/results';
import { interpret, type CriticalLimits, type IntervalLike } from '@/shared/resultFlag';
import { acceptsText, boundText, interpretBound, parseNumeric, type ResultKind } from '@/shared/resultValue';
import { RESULT_MESSAGES } from '@/shared/validation/results';
import type { AnalysisScienceRow } from '@/server/results/repositories/results';

/**
 * What kind of value an analysis takes (see src/shared/resultValue.ts): free text only where the
 * catalogue says the analysis reports text (`reports_text`); a qualitative finding where its
 * interval is a text; a number otherwise (a unit, an interval, or nothing known).
 */
export function resultKindOf(sci: AnalysisScienceRow | undefined): ResultKind {
  if (sci?.reports_text === 1) return 'free';
  if (sci?.ranges.some((r) => r.text)) return 'text';
  return 'numeric';
}

export interface CheckedValue {
  /** Stored as `value_num`. */
  num: number | null;
  /** Stored as `value_text` (a text finding, or a bound such as `<0.01`). */
  text: string | null;
  interpretation: (interval: IntervalLike, limits: CriticalLimits) => ResultInterpretationDto;
}

/**
 * The value of one result checked against its analysis: a number (or bound) for a numeric analysis,
 * a qualitative finding for a text analysis, any short text otherwise. A refusal is the message of
 * the field, in the `staff` namespace's keys.
 */
export function checkResultValue(kind: ResultKind, value: number | string, expectedTexts: readonly string[]): CheckedValue | { error: string } {
  if (kind === 'numeric') {
    const n = parseNumeric(value);
    if (!n) return { error: RESULT_MESSAGES.valueNotNumber };
    if (n.bound) return { num: null, text: boundText(n), interpretation: (i, l) => interpretBound(n, i, l) };
    return { num: n.value, text: null, interpretation: (i, l) => interpret(n.value, i, l) };
  }
  if (kind === 'text') {
    const text = String(value).trim();
    if (typeof value === 'number' || !acceptsText(text, expectedTexts)) return { error: RESULT_MESSAGES.valueNotFinding };
    return { num: null, text, interpretation: (i, l) => interpret(text, i, l) };
  }
  if (typeof value === 'number') return { num: value, text: null, interpretation: (i, l) => interpret(value, i, l) };
  return { num: null, text: value, interpretation: (i, l) => interpret(value, i, l) };
}
