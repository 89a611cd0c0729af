import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';

export const CHECKOUT_STEPS = ['cart', 'address', 'visitTime', 'contact', 'confirm'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** The checkout steps (cart, address, visit time, contact, confirm), on every viewport (the checkout routes of spec §2). */
export function CheckoutStepper({ active }: { active: CheckoutStep }) {
  const { t } = useTranslation('cart');
  const index = CHECKOUT_STEPS.indexOf(active);
  return (
    <Stepper
      activeStep={index}
      alternativeLabel
      aria-label={t('steps.label')}
      sx={{ mb: { xs: 2, sm: 3 }, mx: { xs: -1, sm: 0 }, '& .MuiStepLabel-label': { fontSize: { xs: '0.72rem', sm: '0.875rem' }, mt: 0.5 } }}
    >
      {CHECKOUT_STEPS.map((step, i) => (
        <Step key={step} completed={i < index}>
          <StepLabel aria-current={i === index ? 'step' : undefined}>{t(`steps.${step}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
