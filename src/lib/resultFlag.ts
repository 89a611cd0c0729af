import type { ResultFlagDto } from './types/results';

/**
 * The flag of a result from its reference range (used by the server when no flag is given, and by
 * the staff console as a preview):
 * - text values are `normal`;
 * - more than twice the upper limit, or under half the lower limit, is `critical`;
 * - under the lower limit is `low`, over the upper limit is `high`;
 * - otherwise (or without a range) `normal`.
 */
export function computeFlag(value: number | string, refLow: number | null | undefined, refHigh: number | null | undefined): ResultFlagDto {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'normal';
  const low = typeof refLow === 'number' && Number.isFinite(refLow) ? refLow : null;
  const high = typeof refHigh === 'number' && Number.isFinite(refHigh) ? refHigh : null;
  if (high !== null && value > high) return high > 0 && value > high * 2 ? 'critical' : 'high';
  if (low !== null && value < low) return low > 0 && value < low / 2 ? 'critical' : 'low';
  return 'normal';
}

export const isOutOfRange = (flag: ResultFlagDto): boolean => flag !== 'normal';

/** Parses what a person typed: a number (comma or dot decimals) or, failing that, the trimmed text. */
export function parseResultValue(input: string): number | string {
  const t = input.trim();
  if (/^[-+]?\d+([.,]\d+)?$/.test(t)) return Number(t.replace(',', '.'));
  return t;
}
