import { styled } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { STEP_ICON, StepIcon, stepIconStyles } from '@/components/StepIcon';
import type { OrderDetailDto, OrderStatusDto } from '@/shared/types/results';

const PROGRESS: OrderStatusDto[] = ['placed', 'visit_confirmed', 'sample_collected', 'in_lab', 'completed'];

function progressIndex(status: OrderStatusDto): number {
  if (status === 'partial_results') return PROGRESS.indexOf('in_lab') + 0.5;
  return PROGRESS.indexOf(status);
}

/**
 * Where an order is on its way (placed, visit confirmed, sample collected, in the laboratory,
 * completed) as a vertical list of numbered steps; with partial results the laboratory step says so.
 * It only shows the state, so it is a plain ordered list under one style sheet, not MUI's Stepper.
 */
export function OrderProgress({ order }: { order: OrderDetailDto }) {
  const { t } = useTranslation('results');
  const at = progressIndex(order.status);
  const current = Math.ceil(at);
  return (
    <Steps aria-label={t('order.progress')}>
      {PROGRESS.map((s, i) => {
        const done = i <= at && !(s === 'completed' && order.status !== 'completed');
        const state = done ? 'done' : i === current ? 'current' : 'todo';
        return (
          <li key={s} className={`step step-${state}`} aria-current={i === current ? 'step' : undefined}>
            <StepIcon done={done} number={i + 1} />
            <span className="step-text">
              <span className="step-label">{t(`status.${s}`)}</span>
              {s === 'in_lab' && order.status === 'partial_results' && <span className="step-note">{t('status.partial_results')}</span>}
            </span>
          </li>
        );
      })}
    </Steps>
  );
}

/** Circles joined by a vertical line, each label beside its circle (MUI's vertical Stepper look). */
const Steps = styled('ol')(({ theme }) => ({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  '& .step': { position: 'relative', display: 'flex', alignItems: 'center', gap: theme.spacing(1), padding: theme.spacing(0.5, 0) },
  // The line from the previous step's circle down to this one's.
  '& .step + .step': { marginTop: theme.spacing(3) },
  '& .step + .step::before': {
    content: '""',
    position: 'absolute',
    left: STEP_ICON / 2,
    bottom: `calc(100% - ${theme.spacing(0.5)} + 8px)`,
    height: `calc(${theme.spacing(3)} - 8px)`,
    borderLeft: `1px solid ${theme.palette.grey[400]}`,
  },
  ...stepIconStyles(theme),
  '& .step-text': { display: 'flex', flexDirection: 'column' },
  '& .step-label': { ...theme.typography.body2, color: theme.palette.text.secondary },
  '& .step-done .step-label, & .step-current .step-label': { color: theme.palette.text.primary, fontWeight: 500 },
  '& .step-note': { ...theme.typography.caption, color: theme.palette.text.secondary },
}));
