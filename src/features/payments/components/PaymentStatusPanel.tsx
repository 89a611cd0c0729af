import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import NextLink from 'next/link';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components';
import { Notice } from '@/components/Notice';
import { routes } from '@/lib/routes';
import { paymentsApi } from '../lazyPaymentsApi';
import { followRedirect } from '../redirect';
import type { OrderPaymentState } from '../useOrderPayment';

/**
 * The order-submitted page's payment: waiting (asked again every 2 s, with a visible progress),
 * paid, failed with "try again" (a new attempt), or expired with a way to order again. Announced
 * through `role=status`. Renders nothing for an order paid on visit.
 */
export function PaymentStatusPanel({ orderId, state }: { orderId: number; state: OrderPaymentState }) {
  const { t } = useTranslation('cart');
  // A new payment session sends the browser to the operator: the button stays busy once it succeeded.
  const retry = useCall(async () => followRedirect((await paymentsApi.retry(orderId)).redirectUrl));
  const working = retry.resource.status === Status.LOADING || retry.resource.status === Status.SUCCESS;
  const { payment, failed, reload } = state;

  const startAgain = () => retry.run();

  if (failed && !payment)
    return (
      <Notice severity="warning" sx={{ mb: 2 }} action={<Button onClick={reload}>{t('payment.tryAgain')}</Button>}>
        {t('payment.loadFailed')}
      </Notice>
    );
  if (!payment || payment.method !== 'online' || payment.status === 'on_visit') return null;

  const amount = <Money amount={payment.amount} currency={payment.currency} />;
  let content;
  switch (payment.status) {
    case 'awaiting':
      content = (
        <Paper variant="outlined" role="status" aria-live="polite" data-testid="payment-status" data-status="awaiting" sx={{ mb: 2, p: 2 }}>
          <Typography variant="h6" component="p">
            {t('payment.waiting')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('payment.waitingHint')} {amount}
          </Typography>
          <LinearProgress aria-label={t('payment.status.awaiting')} />
        </Paper>
      );
      break;
    case 'paid':
      content = (
        <Notice severity="success" role="status" title={t('payment.paidText')} sx={{ mb: 2 }} data-testid="payment-status" data-status="paid">
          {amount}
        </Notice>
      );
      break;
    case 'failed':
      content = (
        <Notice severity="error" role="status" title={t('payment.failedText')} sx={{ mb: 2 }} data-testid="payment-status" data-status="failed">
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
            <Button variant="contained" onClick={() => void startAgain()} disabled={working} sx={{ minHeight: 48 }}>
              {working ? t('payment.retrying') : t('payment.retry')}
            </Button>
          </Box>
          {retry.resource.status === Status.ERROR && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('payment.retryFailed')}
            </Typography>
          )}
        </Notice>
      );
      break;
    case 'expired':
      content = (
        <Notice severity="warning" role="status" title={t('payment.status.expired')} sx={{ mb: 2 }} data-testid="payment-status" data-status="expired">
          <Typography variant="body2">{t('payment.expiredText')}</Typography>
          <Button component={NextLink} href={routes.cart.path} variant="contained" sx={{ mt: 1, minHeight: 48 }}>
            {t('payment.orderAgain')}
          </Button>
        </Notice>
      );
      break;
    default:
      content = (
        <Notice severity="info" role="status" title={t(`payment.status.${payment.status}`)} sx={{ mb: 2 }} data-testid="payment-status" data-status={payment.status}>
          {t('payment.refundedText')} <Money amount={payment.refundedAmount} currency={payment.currency} />
        </Notice>
      );
  }
  return content;
}
