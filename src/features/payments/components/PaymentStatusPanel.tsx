import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import NextLink from 'next/link';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components';
import { Notice } from '@/components/Notice';
import { routes } from '@/lib/routes';
import { paymentPending } from '@/shared/paymentProgress';
import type { OrderPaymentState } from '../types';
import { PayNow, canPayNow } from './PayNow';

/**
 * The order-submitted page's payment: waiting (with a visible progress, until the order's event stream says it changed)
 * only while an attempt is open with the operator and the payer did not leave it (`left`); else plainly not paid yet;
 * paid, failed; while awaiting or failed "Pay now" (a new attempt) and the deadline, or expired with a way to order again.
 * The amount to pay on its own line. Announced through `role=status`. Renders nothing for an order paid on visit.
 */
export function PaymentStatusPanel({ orderId, state, timeZone, left = false }: { orderId: number; state: OrderPaymentState; timeZone: string; left?: boolean }) {
  const { t } = useTranslation('cart');
  const { payment, failed, reload } = state;
  // Awaiting or failed: "Pay now" and the deadline (the payer may have left the operator's page).
  const payNow = canPayNow(payment) ? <PayNow orderId={orderId} payBy={payment.payBy} timeZone={timeZone} /> : null;

  if (failed && !payment)
    return (
      <Notice severity="warning" sx={{ mb: 2 }} action={<Button onClick={reload}>{t('payment.tryAgain')}</Button>}>
        {t('payment.loadFailed')}
      </Notice>
    );
  if (!payment || payment.method !== 'online' || payment.status === 'on_visit') return null;

  const amount = <Money amount={payment.amount} currency={payment.currency} />;
  // What is owed, on a line of its own (not glued to the end of a sentence).
  const [toPayBefore, toPayAfter = ''] = t('payment.toPay', { amount: '\u0000' }).split('\u0000');
  const toPay = (
    <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="payment-amount">
      {toPayBefore}
      {amount}
      {toPayAfter}
    </Typography>
  );
  let content;
  switch (payment.status) {
    case 'awaiting':
      content = paymentPending(payment, left) ? (
        <Paper variant="outlined" role="status" aria-live="polite" data-testid="payment-status" data-status="awaiting" data-pending="true" sx={{ mb: 2, p: 2 }}>
          <Typography variant="h6" component="p">
            {t('payment.waiting')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('payment.waitingHint')}
          </Typography>
          <Box sx={{ my: 1 }}>{toPay}</Box>
          <LinearProgress aria-label={t('payment.status.awaiting')} />
          {payNow}
        </Paper>
      ) : (
        // The payer left the payment page, or no attempt is open: nothing is being checked, the order is not paid yet.
        <Notice severity="warning" role="status" title={t('payment.unpaidText')} sx={{ mb: 2 }} data-testid="payment-status" data-status="awaiting" data-pending="false">
          {toPay}
          {payNow}
        </Notice>
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
          {toPay}
          {payNow}
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
