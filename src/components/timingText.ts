import type { TFunction } from 'i18next';
import type { AnalysisTimingDto } from '@/shared/timing';

/** The timing rules of an analysis as short lines in the reader's language (`common:timing.*`): "Fasting 8–12 h, morning visit", "Before 10:00", "Cycle days 2–5". */
export function timingLines(timing: AnalysisTimingDto | undefined, t: TFunction): string[] {
  if (!timing) return [];
  const lines: string[] = [];
  if (timing.fastingHours) lines.push(t('common:timing.fasting', { min: timing.fastingHours[0], max: timing.fastingHours[1] }));
  if (timing.latestLocalTime) lines.push(t('common:timing.latest', { time: timing.latestLocalTime }));
  if (timing.cycleDays) lines.push(t('common:timing.cycle', { from: timing.cycleDays[0], to: timing.cycleDays[1] }));
  return lines;
}
