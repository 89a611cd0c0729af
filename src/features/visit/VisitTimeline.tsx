import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/useLanguage';
import { formatLabTime } from '@/shared/labTime';
import type { OrderDetailDto } from '@/shared/types/results';
import { VISIT_PATH, type VisitStateDto } from '@/shared/visitState';

/**
 * The order's story on the order page, live (the order in the store, which its event stream updates): one ordered list
 * from the booked visit through the nurse's steps to the laboratory and the results, each step with its time
 * (read by a screen reader as a list; the current step is said in words, not only by colour), the
 * arrival window, the nurse's first name, the visit's moves and what to have ready. The visit's time, place and the
 * laboratory's phone are the visit card's; the order's history is these steps.
 */
const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;
/** A time of the visit as the visit card shows it: in the laboratory's time zone, on a 24-hour clock. */
const timeOf = (at: string, language: string, timeZone: string) => formatLabTime(at, language, timeZone, 'time');
/** A step on another day than the visit's (the laboratory's, the results') says its day too. */
const whenOf = (at: string, visitStart: string, language: string, timeZone: string) =>
  formatLabTime(at, language, timeZone, 'date') === formatLabTime(visitStart, language, timeZone, 'date') ? timeOf(at, language, timeZone) : formatLabTime(at, language, timeZone, 'dateTime');

/** The laboratory's part of the story, after the samples are collected: in the laboratory, then the results. */
type LabStep = 'in_lab' | 'results';
type StoryStep = VisitStateDto | LabStep;
const LAB_STATUSES: Record<LabStep, OrderDetailDto['status'][]> = { in_lab: ['in_lab', 'partial_results', 'completed'], results: ['completed'] };

/** The moment the order reached a status (its last event of it). */
function orderReached(order: OrderDetailDto, statuses: OrderDetailDto['status'][]): string | undefined {
  return [...order.events].reverse().find((e) => statuses.includes(e.status))?.at;
}

export function VisitTimeline({ order }: { order: OrderDetailDto }) {
  const { t } = useTranslation(['visit', 'results']);
  const language = useLanguage();
  const { visit } = order;
  const zone = order.visit.timeZone || 'UTC';
  const ending: VisitStateDto = visit.state === 'not_at_home' || visit.state === 'cancelled' ? visit.state : 'collected';
  const steps: StoryStep[] = [...VISIT_PATH.filter((s) => s !== 'collected'), ending, ...(ending === 'collected' && order.status !== 'cancelled' ? (['in_lab', 'results'] as const) : [])];
  const reachedAt = new Map<StoryStep, string>();
  // The booking is the order's placing, which the page's subtitle states: the same moment once per page.
  for (const e of visit.events) if (e.state !== 'booked') reachedAt.set(e.state, e.at);
  for (const step of ['in_lab', 'results'] as const) {
    const at = LAB_STATUSES[step].includes(order.status) ? orderReached(order, LAB_STATUSES[step]) : undefined;
    if (at) reachedAt.set(step, at);
  }
  // Where the story is now: the laboratory's steps once the order is there, else the visit's state.
  const state: StoryStep = order.status === 'completed' ? 'results' : LAB_STATUSES.in_lab.includes(order.status) ? 'in_lab' : visit.state;
  const current = steps.indexOf(state);
  const moves = order.events.filter((e) => e.note.startsWith('Visit moved to '));
  const before = visit.state !== 'collected' && visit.state !== 'cancelled' && visit.state !== 'not_at_home';
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="visit-timeline">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('order.progress', { ns: 'results' })}
      </Typography>
      <Typography aria-live="polite" sx={{ fontWeight: 600, mb: 1 }} data-testid="visit-state">
        {/* The nurse's first name; without one "Your nurse ..." (the `_unnamed` wording). */}
        {t(`state.${visit.state}`, visit.nurseFirstName ? { name: visit.nurseFirstName } : { context: 'unnamed', name: t('nurse') })}
        {visit.window && ` ${t('window', { start: timeOf(visit.window.start, language, zone), end: timeOf(visit.window.end, language, zone) })}`}
      </Typography>
      <Box component="ol" aria-label={t('stepsLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {steps.map((step, i) => {
          const at = reachedAt.get(step);
          const done = i < current || (i === current && !!at) || step === state;
          const now = step === state;
          return (
            <Box
              component="li"
              key={step}
              aria-current={now ? 'step' : undefined}
              sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline', py: 0.75, borderLeft: 3, borderColor: done ? 'primary.main' : 'divider', pl: 1.5 }}
            >
              <Typography component="span" sx={{ fontWeight: now ? 700 : 400, flex: 1, color: done ? 'text.primary' : 'text.secondary' }}>
                {step === 'in_lab' ? t('status.in_lab', { ns: 'results' }) : step === 'results' ? t('status.completed', { ns: 'results' }) : t(`step.${step}`)}
                {now && <Box component="span" sx={{ ml: 1, fontSize: '0.85em' }}>{t('now')}</Box>}
                {step === 'in_lab' && order.status === 'partial_results' && (
                  <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
                    {t('status.partial_results', { ns: 'results' })}
                  </Box>
                )}
                {!done && <Box component="span" sx={visuallyHidden}>{` ${t('pending')}`}</Box>}
              </Typography>
              {at && done && (
                <Typography component="time" dateTime={at} variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {whenOf(at, visit.start, language, zone)}
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
      {moves.map((e) => (
        <Typography key={e.at} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('order.eventMoved', { ns: 'results' })} · <time dateTime={e.at}>{formatLabTime(e.at, language, zone, 'dateTime')}</time>
        </Typography>
      ))}
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
