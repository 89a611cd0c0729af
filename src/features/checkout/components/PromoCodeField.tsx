import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '@/components/TextInput';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { useFailureText } from '@/components/useFailureText';
import { promoRemoved, promoRequested } from '../checkoutSlice';
import { PROMO_FAILURE_TEXTS } from './failureTexts';

/** The summary step's promo code: applied through the server, which says what it takes off. */
export function PromoCodeField() {
  const { t } = useTranslation('cart');
  const dispatch = useAppDispatch();
  const { data: promo, status: promoStatus, error: promoError } = useAppSelector((s) => s.checkout.promo);
  const [code, setCode] = useState('');
  const failureText = useFailureText(promoStatus === Status.ERROR ? promoError : null, PROMO_FAILURE_TEXTS);

  if (promo) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }} data-testid="promo-applied">
        <Typography>
          {t('promo.applied', { code: promo.promoCode })} −<Money amount={promo.discount} currency={promo.currency} />
        </Typography>
        <Button onClick={() => dispatch(promoRemoved())} sx={{ minHeight: 48 }}>
          {t('promo.remove')}
        </Button>
      </Box>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) dispatch(promoRequested(code.trim()));
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextInput
        id="promo-code"
        label={t('promo.label')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={promoStatus === Status.ERROR}
        helperText={failureText || ' '}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters' } }}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="outlined" disabled={!code.trim() || promoStatus === Status.LOADING} sx={{ minHeight: 56 }}>
        {t('promo.apply')}
      </Button>
    </Box>
  );
}
