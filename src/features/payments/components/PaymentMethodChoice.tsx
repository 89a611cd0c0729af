import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/Notice';
import type { PaymentMethod } from '../types';

interface Props {
  methods: PaymentMethod[];
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
}

/** The summary step's choice of how to pay, with the refund rule in plain words before paying. */
export function PaymentMethodChoice({ methods, value, onChange, disabled }: Props) {
  const { t } = useTranslation('cart');
  const label = (m: PaymentMethod) => (
    <Box sx={{ py: 0.5 }}>
      <Typography sx={{ fontWeight: 600 }}>{m === 'online' ? t('payment.online') : t('payment.onVisit')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {m === 'online' ? t('payment.onlineHint') : t('payment.onVisitHint')}
      </Typography>
    </Box>
  );
  return (
    <>
      {methods.length > 1 ? (
        <RadioGroup aria-label={t('payment.methodTitle')} value={value} onChange={(e) => onChange(e.target.value as PaymentMethod)}>
          {methods.map((m) => (
            <FormControlLabel key={m} value={m} control={<Radio />} label={label(m)} disabled={disabled} sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.25 }, minHeight: 48 }} />
          ))}
        </RadioGroup>
      ) : (
        <>
          {label('on_visit')}
          <Typography variant="body2">{t('payment.onVisitOnly')}</Typography>
        </>
      )}
      {value === 'online' && methods.includes('online') && (
        <Notice severity="info" role="status" sx={{ mt: 1 }} data-testid="refund-rule">
          {t('payment.refundRule')}
        </Notice>
      )}
    </>
  );
}
