import type { TFunction } from 'i18next';
import { formatLabTime } from '@/shared/labTime';
import type { TestResultSummaryDto } from '@/shared/types/results';

/** "Sample taken …" at the collection time the nurse recorded; before it, "Visit …" on the booked day (laboratory's time). */
export function sampledText(r: Pick<TestResultSummaryDto, 'sampledAt' | 'visit'>, t: TFunction, language: string): string {
  return r.sampledAt
    ? t('results:list.sampledAt', { date: formatLabTime(r.sampledAt, language, r.visit.timeZone, 'dateTime') })
    : t('results:list.visitOn', { date: formatLabTime(r.visit.start, language, r.visit.timeZone, 'date') });
}
