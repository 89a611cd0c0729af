import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components';
import { formatDateTime } from '@/lib/format';
import { useLabTimeZone } from '@/features/lab';
import { formatMoney } from '@/shared/money';
import { useLanguage } from '@/i18n/useLanguage';
import { refundIfCancelledNow } from '../paymentRules';
import type { OrderPaymentDto } from '../types';
import { PayNow, canPayNow } from './PayNow';

interface Props {
  payment: OrderPaymentDto;
  /** The patient may still cancel (until 24 h before the visit). */
  canCancel: boolean;
  /** For "Pay now" (awaiting or failed): the order and its laboratory's zone. */
  orderId?: number;
  timeZone?: string;
  /** The order is cancelled: what is refunded is shown, no more "if you cancel now". */
  cancelled?: boolean;
}

/** The order page's payment: method, status, amount, refunded, paid at, and what cancelling now would refund. */
export function OrderPaymentBlock({ payment, canCancel, orderId, timeZone, cancelled = false }: Props) {
  const { t } = useTranslation('cart');
  const language = useLanguage();
  const labZone = useLabTimeZone();
  const refund = refundIfCancelledNow(payment, canCancel);
  const paidOnline = payment.method === 'online' && ['paid', 'partially_refunded'].includes(payment.status);
  const rows: [string, React.ReactNode][] = [
    [t('payment.methodLabel'), t(`payment.method.${payment.method}`)],
    // A free order (a redraw of a rejected sample) owes nothing: not "pay on visit" beside 0.00.
    [t('payment.statusLabel'), <span key="s" data-testid="order-payment-status">{t(payment.amount === 0 && payment.status === 'on_visit' ? 'payment.status.nothing_to_pay' : `payment.status.${payment.status}`)}</span>],
    [t('payment.amount'), <Money key="a" amount={payment.amount} currency={payment.currency} />],
  ];
  if (payment.refundedAmount > 0) rows.push([t('payment.refunded'), <Money key="r" amount={payment.refundedAmount} currency={payment.currency} />]);
  if (payment.pendingRefundAmount) rows.push([t('payment.refundPending'), <Money key="p" amount={payment.pendingRefundAmount} currency={payment.currency} />]);
  if (payment.paidAt) rows.push([t('payment.paidAt'), formatDateTime(payment.paidAt, language, timeZone ?? labZone)]);
  const overpaid = payment.overpaidRefund;
  const paidTwice = (payment.attempts ?? []).filter((a) => a.status === 'paid').length > 1;
  return (
    <Paper variant="outlined" component="section" aria-label={t('payment.blockTitle')} sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('payment.blockTitle')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
        {rows.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {k}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
              {v}
            </Typography>
          </Box>
        ))}
      </Box>
      {overpaid && (
        <Alert severity={overpaid.status === 'failed' ? 'warning' : 'info'} sx={{ mt: 1.5 }} data-testid="overpaid-refund">
          {t(overpaid.status === 'failed' ? 'payment.overpaid.failed' : `payment.overpaid.${paidTwice ? 'twice' : 'late'}${overpaid.status === 'done' ? 'Done' : 'Pending'}`, {
            amount: formatMoney(overpaid.amount, payment.currency, language),
          })}
        </Alert>
      )}
      {orderId !== undefined && timeZone && canPayNow(payment) && <PayNow orderId={orderId} payBy={payment.payBy} timeZone={timeZone} />}
      {!cancelled && (
        <Typography variant="body2" sx={{ mt: 1.5 }} data-testid="refund-if-cancelled">
          {refund === null ? t('payment.refundClosed') : refund > 0 ? t('payment.refundNow', { amount: formatMoney(refund, payment.currency, language) }) : t(paidOnline ? 'payment.refundNothing' : 'payment.refundNone')}
        </Typography>
      )}
      {payment.method === 'online' && !cancelled && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('payment.refundRule')}
        </Typography>
      )}
    </Paper>
  );
}
