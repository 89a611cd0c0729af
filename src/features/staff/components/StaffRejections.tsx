import { useEffect } from 'react';
import NextLink from 'next/link';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCall } from '@/lib/store/useCall';
import { Status } from '@/lib/status';
import { routePath } from '@/lib/routes';
import { formatDayKey } from '@/shared/labTime';
import { useLanguage } from '@/i18n/useLanguage';
import { Notice } from '@/components/Notice';
import type { RejectionWeekDto } from '@/shared/sampleRejection';
import { staffApi } from '../lazyStaffApi';

/** The staff console's rejected samples: counts by reason per week, newest week first, and the second rejections to follow up. */
export function StaffRejections() {
  const { t } = useTranslation('staff');
  const language = useLanguage();
  const report = useCall(() => staffApi.rejections(8));
  const { run } = report;
  useEffect(() => {
    void run();
  }, [run]);
  const data = report.resource.data;
  const weeks = new Map<string, RejectionWeekDto[]>();
  for (const w of data?.weeks ?? []) weeks.set(w.week, [...(weeks.get(w.week) ?? []), w]);
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} data-testid="staff-rejections">
      <Typography variant="h6" component="h2">
        {t('rejections.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('rejections.text')}
      </Typography>
      {report.resource.status === Status.ERROR && <Notice severity="error">{t('rejections.failed')}</Notice>}
      {data && weeks.size === 0 && <Typography variant="body2">{t('rejections.none')}</Typography>}
      {[...weeks].map(([week, rows]) => (
        <Box key={week} sx={{ mb: 1 }}>
          <Typography variant="subtitle2">{t('rejections.week', { date: formatDayKey(week, language, 'longDate') })}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {rows.map((r) => (
              <Typography component="li" variant="body2" key={r.reason}>
                {t(`rejections.reason.${r.reason}`)}: {r.count}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
      {data && data.tasks.length > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {t('rejections.tasks')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {data.tasks.map((task) => (
              <Typography component="li" variant="body2" key={task.id}>
                <NextLink href={routePath('staffOrder', { orderId: task.orderId })}>
                  {t('rejections.task', { number: task.orderNumber, analysis: task.analysisName, reason: t(`rejections.reason.${task.reason}`) })}
                </NextLink>
              </Typography>
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}
