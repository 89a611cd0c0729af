import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { useLanguage } from '@/i18n/useLanguage';
import { formatLabTime, labDayKey } from '@/shared/labTime';
import { paymentsApi } from '../lazyPaymentsApi';
import { followRedirect } from '../redirect';
import type { OrderPaymentDto } from '../types';

/** True while the order can be paid online: awaiting or failed, with a deadline. */
export function canPayNow(payment: OrderPaymentDto | null | undefined): payment is OrderPaymentDto & { payBy: string } {
  return !!payment && payment.method === 'online' && (payment.status === 'awaiting' || payment.status === 'failed') && !!payment.payBy;
}

/**
 * "Pay now" and the deadline ("Pay by 16:25, or the visit is released"), in the laboratory's zone
 * (the date is added when the deadline is on another day there). "Pay now" starts a new payment
 * attempt and goes to the operator's page.
 */
export function PayNow({ orderId, payBy, timeZone }: { orderId: number; payBy: string; timeZone: string }) {
  const { t } = useTranslation('cart');
  const language = useLanguage();
  const pay = useCall(async () => followRedirect((await paymentsApi.retry(orderId)).redirectUrl));
  // A new payment session sends the browser to the operator: the button stays busy once it succeeded.
  const working = pay.resource.status === Status.LOADING || pay.resource.status === Status.SUCCESS;
  const sameDay = labDayKey(payBy, timeZone) === labDayKey(new Date(), timeZone);
  const time = formatLabTime(payBy, language, timeZone, sameDay ? 'time' : 'dateTime');
  return (
    <Box data-testid="pay-now" sx={{ mt: 1 }}>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="pay-by">
        {t('payment.payBy', { time })}
      </Typography>
      <Button variant="contained" onClick={() => void pay.run()} disabled={working} sx={{ minHeight: 48 }}>
        {working ? t('payment.retrying') : t('payment.payNow')}
      </Button>
      {pay.resource.status === Status.ERROR && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('payment.retryFailed')}
        </Typography>
      )}
    </Box>
  );
}
