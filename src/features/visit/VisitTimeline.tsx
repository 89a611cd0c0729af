import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/useLanguage';
import { formatLabTime } from '@/shared/labTime';
import type { OrderDetailDto } from '@/shared/types/results';
import { VISIT_PATH, type VisitStateDto } from '@/shared/visitState';

/**
 * The home visit on the order page, live (the order in the store, which its event stream updates): an ordered list of the visit's steps with their times
 * (read by a screen reader as a list; the current step is said in words, not only by colour), the
 * arrival window, the nurse's first name, the laboratory's phone and what to have ready.
 */
const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;
/** A time of the visit as the visit card shows it: in the laboratory's time zone, on a 24-hour clock. */
const timeOf = (at: string, language: string, timeZone: string) => formatLabTime(at, language, timeZone, 'time');

export function VisitTimeline({ order }: { order: OrderDetailDto }) {
  const { t } = useTranslation('visit');
  const language = useLanguage();
  const { visit } = order;
  const zone = order.visit.timeZone || 'UTC';
  const ending: VisitStateDto = visit.state === 'not_at_home' || visit.state === 'cancelled' ? visit.state : 'collected';
  const steps = [...VISIT_PATH.filter((s) => s !== 'collected'), ending];
  const reachedAt = new Map<VisitStateDto, string>();
  for (const e of visit.events) reachedAt.set(e.state, e.at);
  const current = steps.indexOf(visit.state);
  const before = visit.state !== 'collected' && visit.state !== 'cancelled' && visit.state !== 'not_at_home';
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="visit-timeline">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography aria-live="polite" sx={{ fontWeight: 600, mb: 1 }} data-testid="visit-state">
        {t(`state.${visit.state}`, { name: visit.nurseFirstName ?? t('nurse') })}
        {visit.window && ` ${t('window', { start: timeOf(visit.window.start, language, zone), end: timeOf(visit.window.end, language, zone) })}`}
      </Typography>
      <Box component="ol" aria-label={t('stepsLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {steps.map((step, i) => {
          const at = reachedAt.get(step);
          const done = i < current || (i === current && !!at) || step === visit.state;
          const now = step === visit.state;
          return (
            <Box
              component="li"
              key={step}
              aria-current={now ? 'step' : undefined}
              sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline', py: 0.75, borderLeft: 3, borderColor: done ? 'primary.main' : 'divider', pl: 1.5 }}
            >
              <Typography component="span" sx={{ fontWeight: now ? 700 : 400, flex: 1, color: done ? 'text.primary' : 'text.secondary' }}>
                {t(`step.${step}`)}
                {now && <Box component="span" sx={{ ml: 1, fontSize: '0.85em' }}>{t('now')}</Box>}
                {!done && <Box component="span" sx={visuallyHidden}>{` ${t('pending')}`}</Box>}
              </Typography>
              {at && done && (
                <Typography component="time" dateTime={at} variant="body2" color="text.secondary">
                  {timeOf(at, language, zone)}
                </Typography>
              )}
            </Box>
          );
        })}
      </Box>
      {visit.nurseFirstName && visit.state !== 'collected' && (
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          {t('nurseName', { name: visit.nurseFirstName })}
        </Typography>
      )}
      {order.laboratory.phone && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('labPhone')} <a href={`tel:${order.laboratory.phone.replace(/\s/g, '')}`}>{order.laboratory.phone}</a>
        </Typography>
      )}
      {before && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
            {t('ready.title')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            <li>{t('ready.fasting')}</li>
            <li>{t('ready.tubes')}</li>
            <li>{t('ready.identity')}</li>
          </Box>
        </>
      )}
    </Paper>
  );
}
