import { intlLocale } from '@/shared/i18n';
import { formatLabTime } from '@/shared/labTime';
import { displayUnit } from '@/shared/units';
import type { AnalysisResultDto, ResultFlagDto } from '@/shared/types/results';


/**
 * A date and time in the user's language, on the laboratory's clock (`timeZone`, never the device's),
 * e.g. "21 Nov 2026, 10:00"; a page naming times says the zone once (`LabZoneNote`).
 */
export function formatDateTime(iso: string, language: string, timeZone: string): string {
  return formatLabTime(iso, language, timeZone, 'dateTime');
}

/** A calendar day (`YYYY-MM-DD`) as it is, or the laboratory's day of an instant (`timeZone`). */
export function formatDate(iso: string, language: string, timeZone = 'UTC'): string {
  if (iso.length <= 10) return formatLabTime(`${iso}T12:00:00Z`, language, 'UTC', 'date');
  return formatLabTime(iso, language, timeZone, 'date');
}

export function formatNumber(n: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 4 }).format(n);
}

/** The value with its unit as the reader writes it, e.g. "7,4 ммоль/л", "7,4 mmol/l" or "not detected". */
export function formatValue(r: Pick<AnalysisResultDto, 'value' | 'unit'>, language: string): string {
  if (typeof r.value !== 'number') return r.value;
  return r.unit ? `${formatNumber(r.value, language)} ${displayUnit(r.unit, language)}` : formatNumber(r.value, language);
}

/** The reference range, e.g. "3,9–5,6 mmol/L", "≤ 5", or the lab's text; empty when there is none. */
export function formatRange(r: Pick<AnalysisResultDto, 'refLow' | 'refHigh' | 'refText' | 'unit'>, language: string): string {
  if (r.refText) return r.refText;
  const unit = r.unit ? ` ${displayUnit(r.unit, language)}` : '';
  if (r.refLow !== null && r.refHigh !== null) return `${formatNumber(r.refLow, language)}–${formatNumber(r.refHigh, language)}${unit}`;
  if (r.refLow !== null) return `≥ ${formatNumber(r.refLow, language)}${unit}`;
  if (r.refHigh !== null) return `≤ ${formatNumber(r.refHigh, language)}${unit}`;
  return '';
}

/** Colours of the flags (always shown together with the flag's text). */
export const FLAG_COLOURS: Record<ResultFlagDto, { fg: string; bg: string }> = {
  normal: { fg: '#1b5e20', bg: '#e8f5e9' },
  low: { fg: '#8a4b00', bg: '#fff3e0' },
  high: { fg: '#b71c1c', bg: '#ffebee' },
  critical: { fg: '#ffffff', bg: '#b71c1c' },
  abnormal: { fg: '#6a1b9a', bg: '#f3e5f5' },
};
