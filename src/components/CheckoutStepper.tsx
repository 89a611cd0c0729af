import { styled } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { STEP_ICON, StepIcon, stepIconStyles } from './StepIcon';

export const CHECKOUT_STEPS = ['cart', 'address', 'visitTime', 'contact', 'confirm'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/**
 * The checkout steps (cart, address, visit time, contact, confirm), on every viewport (the checkout
 * routes of spec §2). It only shows where the user is, so it is a plain ordered list under one style
 * sheet (MUI's Stepper brought eight modules and a roving tab index to every checkout page).
 */
export function CheckoutStepper({ active }: { active: CheckoutStep }) {
  const { t } = useTranslation('cart');
  const index = CHECKOUT_STEPS.indexOf(active);
  return (
    <Steps aria-label={t('steps.label')}>
      {CHECKOUT_STEPS.map((step, i) => {
        const state = i < index ? 'done' : i === index ? 'current' : 'todo';
        return (
          <li key={step} className={`step step-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <StepIcon done={state === 'done'} number={i + 1} />
            <span className="step-label">{t(`steps.${step}`)}</span>
          </li>
        );
      })}
    </Steps>
  );
}

/** Numbered circles joined by a line, each label under its circle. */
const Steps = styled('ol')(({ theme }) => ({
  display: 'flex',
  listStyle: 'none',
  padding: 0,
  margin: theme.spacing(0, -1, 2),
  [theme.breakpoints.up('sm')]: { margin: theme.spacing(0, 0, 3) },
  '& .step': {
    flex: '1 1 0',
    // Equal widths whatever the labels (a long Russian or Polish word must not widen its step, or the
    // line drawn from the previous circle, -50% of this step, runs through that circle).
    minWidth: 0,
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    padding: theme.spacing(0, 1),
    textAlign: 'center',
  },
  // The line from the previous step's circle to this one's.
  '& .step + .step::before': {
    content: '""',
    position: 'absolute',
    top: STEP_ICON / 2,
    left: `calc(-50% + ${STEP_ICON / 2 + 8}px)`,
    right: `calc(50% + ${STEP_ICON / 2 + 8}px)`,
    borderTop: `1px solid ${theme.palette.grey[400]}`,
  },
  ...stepIconStyles(theme),
  '& .step-label': {
    ...theme.typography.body2,
    marginTop: theme.spacing(1.5),
    fontSize: '0.72rem',
    maxWidth: '100%',
    overflowWrap: 'anywhere',
    hyphens: 'auto',
    color: theme.palette.text.secondary,
    [theme.breakpoints.up('sm')]: { fontSize: '0.875rem' },
  },
  '& .step-done .step-label, & .step-current .step-label': { color: theme.palette.text.primary, fontWeight: 500 },
}));
