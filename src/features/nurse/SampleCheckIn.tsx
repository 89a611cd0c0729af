import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SampleCheckInDto } from '@/shared/types/needs';
import { intlLocale } from '@/shared/i18n';
import { Notice } from '@/components/Notice';

/** The morning check-in that travels with the sample: the last meal, the fast against the rule, the cycle's first day. */
export function SampleCheckIn({ checkIn, timeZone }: { checkIn: SampleCheckInDto | null | undefined; timeZone?: string }) {
  const { t, i18n } = useTranslation('staff');
  if (!checkIn) return null;
  const when = new Intl.DateTimeFormat(intlLocale(i18n.language), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(new Date(checkIn.lastMealAt));
  const parts = [
    t('checkIn.lastMeal', { when }),
    ...(checkIn.fastingHours !== null ? [checkIn.requiredFastingHours ? t('checkIn.fastingOf', { hours: checkIn.fastingHours, required: checkIn.requiredFastingHours }) : t('checkIn.fasting', { hours: checkIn.fastingHours })] : []),
    ...(checkIn.cycleStart ? [t('checkIn.cycleStart', { date: checkIn.cycleStart })] : []),
  ];
  return (
    <Notice severity={checkIn.ok ? 'info' : 'warning'} sx={{ mt: 1 }} data-testid="sample-check-in">
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        {checkIn.ok ? t('checkIn.titleOk') : t('checkIn.titleBroken')}
      </Typography>{' '}
      <Typography variant="body2" component="span">
        {parts.join(' · ')}
      </Typography>
    </Notice>
  );
}
