import type { TFunction } from 'i18next';
import type { SampleCheckInDto } from '@/shared/types/needs';

/**
 * The morning check-in as the result PDF prints it under the sample's date: the fast against the
 * longest the tests asked, the first day of the last period, and whether a timing rule was broken.
 */
export function checkInLines(checkIn: SampleCheckInDto | null, t: TFunction): string[] {
  if (!checkIn) return [];
  const lines: string[] = [];
  if (checkIn.fastingHours !== null) {
    lines.push(checkIn.requiredFastingHours ? t('pdfCheckIn.fastingOf', { hours: checkIn.fastingHours, required: checkIn.requiredFastingHours }) : t('pdfCheckIn.fasting', { hours: checkIn.fastingHours }));
  }
  if (checkIn.cycleStart) lines.push(t('pdfCheckIn.cycleStart', { date: checkIn.cycleStart }));
  if (!checkIn.ok) lines.push(t('pdfCheckIn.broken'));
  return lines;
}
