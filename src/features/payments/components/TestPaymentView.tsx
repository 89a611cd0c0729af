import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { useTranslation } from 'react-i18next';
import { ErrorState, ListSkeleton, Money, PageContainer } from '@/components';
import { Notice } from '@/components/Notice';
import { routes } from '@/lib/routes';
import { LEFT_PAYMENT_QUERY } from '@/shared/paymentProgress';
import { paymentsApi } from '../lazyPaymentsApi';
import { followRedirect } from '../redirect';
import type { TestPaymentDto } from '../types';
import { PageHead } from '@/components/PageHead';

const returnUrl = (orderId: number) => `${routes.orderSubmitted.path}?orderId=${orderId}`;
/** "Leave": back to the order, saying the payer left unpaid (the page then offers "Pay now", not "checking with the operator"). */
const leftUrl = (orderId: number) => `${returnUrl(orderId)}&${LEFT_PAYMENT_QUERY}=1`;

/**
 * `/payments/test/{id}`: the built-in test provider's page, in place of an operator's. It says it is
 * a test; "Pay" and "Decline" report through the server (which notifies itself like an operator);
 * "Leave" returns to the order without paying.
 */
export function TestPaymentView() {
  const { t } = useTranslation('cart');
  const { query, isReady } = useRouter();
  const id = typeof query.id === 'string' && query.id !== '' ? query.id : null;
  const load = useCall((paymentId: string) => paymentsApi.testPayment(paymentId));
  const action = useCall(async (paymentId: string, orderId: number, what: 'pay' | 'decline') => {
    const answer = what === 'pay' ? await paymentsApi.testPay(paymentId) : await paymentsApi.testDecline(paymentId);
    await followRedirect(answer.redirectUrl ?? returnUrl(orderId));
  });
  const payment: TestPaymentDto | null = load.resource.data;
  const loading = load.resource.status === Status.INITIAL || load.resource.status === Status.LOADING;
  // Once answered, the browser goes to the operator's return address: the buttons stay busy.
  const working = action.resource.status === Status.LOADING || action.resource.status === Status.SUCCESS;

  const { run: fetchPayment } = load;
  useEffect(() => {
    if (id) void fetchPayment(id);
  }, [id, fetchPayment]);
  const retry = () => {
    if (id) void fetchPayment(id);
  };

  const act = async (what: 'pay' | 'decline') => {
    if (!id || !payment) return;
    await action.run(id, payment.orderId, what);
  };

  let body;
  if (isReady && !id) body = <ErrorState message={t('payment.test.notFound')} />;
  else if (loading) body = <ListSkeleton rows={3} />;
  else if (load.resource.status === Status.ERROR || !payment) body = <ErrorState message={t('payment.test.notFound')} onRetry={retry} />;
  else {
    const open = payment.status === 'awaiting';
    body = (
      <>
        <Notice severity="warning" variant="filled" role="status" sx={{ mb: 2 }} data-testid="test-banner">
          {t('payment.test.banner')}
        </Notice>
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
            <Typography component="dt" color="text.secondary">
              {t('payment.test.order')}
            </Typography>
            {/* Under "Order" the number alone (not "Order: Order LS-000003"). */}
            <Typography component="dd" sx={{ m: 0 }} data-testid="test-order-number">
              {payment.orderNumber}
            </Typography>
            <Typography component="dt" color="text.secondary">
              {t('payment.test.amount')}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700 }} data-testid="test-amount">
              <Money amount={payment.amount} currency={payment.currency} />
            </Typography>
          </Box>
        </Paper>
        {action.resource.status === Status.ERROR && (
          <Notice severity="error" sx={{ mb: 2 }}>
            {t('payment.test.failed')}
          </Notice>
        )}
        {open ? (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button variant="contained" color="success" disabled={working} onClick={() => void act('pay')} sx={{ minHeight: 48, minWidth: 120 }}>
                {t('payment.test.pay')}
              </Button>
              <Button variant="outlined" color="error" disabled={working} onClick={() => void act('decline')} sx={{ minHeight: 48, minWidth: 120 }}>
                {t('payment.test.decline')}
              </Button>
              <Button disabled={working} onClick={() => void followRedirect(leftUrl(payment.orderId))} sx={{ minHeight: 48, minWidth: 120 }}>
                {t('payment.test.leave')}
              </Button>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
              {working ? t('payment.test.working') : t('payment.test.leaveHint')}
            </Typography>
          </>
        ) : (
          <>
            <Notice severity="info" role="status" sx={{ mb: 2 }}>
              {t('payment.test.done', { status: t(`payment.status.${payment.status}`) })}
            </Notice>
            <Button variant="contained" onClick={() => void followRedirect(returnUrl(payment.orderId))} sx={{ minHeight: 48 }}>
              {t('payment.test.back')}
            </Button>
          </>
        )}
      </>
    );
  }
  return (
    <PageContainer title={t('payment.test.title')}>
      <PageHead title={t('payment.test.pageTitle')} complete robots="noindex" />
      {body}
    </PageContainer>
  );
}
