import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, ListSkeleton, PageContainer } from '@/components';
import { useAppSelector } from '@/store/hooks';
import { routes } from '@/lib/routes';
import { Status } from '@/lib/status';
import { useMounted } from '@/lib/useMounted';
import { formatLabTime } from '@/shared/labTime';
import { LEFT_PAYMENT_QUERY, paymentPending } from '@/shared/paymentProgress';
import { labZoneText } from '@/components/LabZoneNote';
import { formatAddress } from './formatAddress';
import { Notice } from '@/components/Notice';
import dynamic from 'next/dynamic';
import { useLiveOrder } from '@/features/orders';
import type { OrderPaymentState } from '@/features/payments';
import { MoneyBreakdownList } from '@/components/MoneyBreakdownList';

// The payment's panel and the calendar button load after the page (the first-load budget).
const PaymentStatusPanel = dynamic(() => import('@/features/payments').then((m) => m.PaymentStatusPanel), { ssr: false });
const AddToCalendarButton = dynamic(() => import('@/components/AddToCalendarButton').then((m) => m.AddToCalendarButton), { ssr: false });
import { orderDetailBreakdown } from '@/shared/breakdown';
import { labPlace, localName, localOrderPreparation } from '@/shared/catalogueText';
import { PageHead } from '@/components/PageHead';
import { useFailureText } from '@/components/useFailureText';
import type { OrderDetailDto } from '@/shared/types/results';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2 }}>
      <Typography variant="overline" component="h2" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The order's patients in the order their lines were placed (`patientIdsPlaced`); as listed when the answer has none. */
function inPlacedOrder(order: OrderDetailDto): OrderDetailDto['patients'] {
  const placed = order.patientIdsPlaced;
  if (!placed) return order.patients;
  const rank = (id: number) => {
    const at = placed.indexOf(id);
    return at < 0 ? placed.length : at;
  };
  return [...order.patients].sort((a, b) => rank(a.id) - rank(b.id));
}

/**
 * `/order/order-submitted?orderId=`: number, visit, address, what to prepare and whom to contact. The
 * order is read once, as the order page reads it (the orders store), and kept live by its event stream.
 */
export function OrderSubmittedView() {
  const { t, i18n } = useTranslation('cart');
  const router = useRouter();
  const mounted = useMounted();
  const isLoggedIn = useAppSelector((s) => s.auth.isLoggedIn);
  const raw = router.query.orderId;
  const orderId = typeof raw === 'string' && /^[1-9][0-9]*$/.test(raw) ? Number(raw) : null;
  // The order (and its payment) is the one in the store, kept live by the order's event stream (no polling here).
  const live = useLiveOrder(mounted && isLoggedIn ? orderId : null);
  const { data: order, status: orderStatus, error: orderError } = live.resource;
  const current = order && order.id === orderId ? order : null;
  // Not the caller's order (or none): "not found"; anything else the usual failure text, never the server's sentence.
  const orderFailure = useFailureText(orderStatus === Status.ERROR ? orderError : null, { codes: { not_found: 'cart:submitted.notFound', forbidden: 'cart:submitted.notFound' } });
  const paymentState: OrderPaymentState = { payment: current?.payment ?? null, failed: orderStatus === Status.ERROR, reload: live.reload };
  const paidOnline = paymentState.payment?.method === 'online';
  // The payment page's "Leave": the payer came back without paying.
  const left = router.query[LEFT_PAYMENT_QUERY] === '1';
  // A declined or expired payment, or one not under way (left, or no attempt open with the operator): the page is not
  // "Order submitted / Thank you" but says the order is not paid yet.
  const paymentStatus = paymentState.payment?.method === 'online' ? paymentState.payment.status : null;
  const notUnderWay = paymentStatus === 'awaiting' && !paymentPending(paymentState.payment, left);
  const unsettled = paymentStatus === 'failed' || paymentStatus === 'expired' || notUnderWay;
  const title = paymentStatus === 'failed' || notUnderWay ? 'Failed' : paymentStatus === 'expired' ? 'Expired' : '';

  let body;
  if (!mounted || (orderId !== null && isLoggedIn && !current && orderStatus !== Status.ERROR)) body = <ListSkeleton rows={4} />;
  // A failed reload of an order already shown (the payment panel's retry) keeps the order; the panel says it failed.
  else if (orderId === null || !isLoggedIn || !current)
    body = <ErrorState message={orderFailure || t('submitted.notFound')} onRetry={orderId !== null && isLoggedIn ? live.reload : undefined} />;
  else {
    const lang = i18n.language;
    const zone = current.visit.timeZone;
    const day = formatLabTime(current.visit.start, lang, zone, 'longDate');
    // The order's number stays whole: a narrow phone would break it at its hyphen ("LS-" / "000003").
    const [numberBefore, numberAfter = ''] = t('submitted.number', { number: '\u0000' }).split('\u0000');
    const prep = localOrderPreparation(current.preparation, lang);
    // As placed (the cart's order), not by patient id as the order page lists them.
    const patients = inPlacedOrder(current);
    body = (
      <>
        {orderId !== null && <PaymentStatusPanel orderId={orderId} state={paymentState} timeZone={zone} left={left} />}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
          {!unsettled && <CheckCircleOutlineIcon color="success" sx={{ fontSize: 48 }} aria-hidden />}
          <Box>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
              {numberBefore}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="order-number">
                {current.number}
              </Box>
              {numberAfter}
            </Typography>
            <Typography color="text.secondary">{unsettled ? t('submitted.notPaid') : t('submitted.thanks')}</Typography>
          </Box>
        </Box>
        <Card variant="outlined" sx={{ mb: 2 }}>
          <CardContent>
            <Block title={t('submitted.visit')}>
              <Typography sx={{ fontWeight: 600 }}>{day}</Typography>
              <Typography>{`${formatLabTime(current.visit.start, lang, zone, 'time')}–${formatLabTime(current.visit.end, lang, zone, 'time')}`}</Typography>
              <Box sx={{ mt: 1 }}>
                <AddToCalendarButton orderId={current.id} orderNumber={current.number} />
              </Box>
            </Block>
            <Block title={t('submitted.address')}>
              <Typography>{formatAddress(current.address, t)}</Typography>
              {current.address.notes && <Typography variant="body2" color="text.secondary">{t('confirm.notes', { notes: current.address.notes })}</Typography>}
            </Block>
            <Block title={t('submitted.prepare')}>
              <Notice severity={prep.fastingHours > 0 ? 'warning' : 'info'} sx={{ mb: 1 }}>
                {prep.fastingHours > 0 ? t('submitted.fasting', { count: prep.fastingHours }) : t('submitted.noFasting')}
              </Notice>
              {prep.notes.map((n) => (
                <Typography key={n.analysisId} variant="body2" sx={{ mb: 0.5 }}>
                  <strong>{n.name}:</strong> {n.preparation}
                </Typography>
              ))}
              {patients.some((p) => p.materials.some((m) => !m.bought)) && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {t('submitted.bring', {
                    materials: [...new Set(patients.flatMap((p) => p.materials.filter((m) => !m.bought).map((m) => localName(m, lang))))].join(', '),
                  })}
                </Typography>
              )}
            </Block>
            <Divider sx={{ my: 2 }} />
            {patients.map((p) => (
              <Box key={p.id} sx={{ mb: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{`${p.firstName} ${p.lastName}`}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {p.lines.map((l) => localName(l, lang)).join(', ')}
                </Typography>
              </Box>
            ))}
            <MoneyBreakdownList breakdown={orderDetailBreakdown(current)} promoCode={current.promoCode} />
            {!paidOnline && (
              <Typography variant="body2" color="text.secondary">
                {t('submitted.payNurse')}
              </Typography>
            )}
          </CardContent>
        </Card>
        <Block title={t('submitted.contact')}>
          <Typography>{labPlace(current.laboratory, lang)}</Typography>
          {current.laboratory.phone && <Typography>{t('submitted.phone', { phone: current.laboratory.phone })}</Typography>}
          {current.laboratory.email && <Typography>{t('submitted.email', { email: current.laboratory.email })}</Typography>}
        </Block>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component={NextLink} href={routes.home.path} variant="contained" sx={{ minHeight: 48 }}>
            {t('submitted.home')}
          </Button>
          <Button component={NextLink} href={routes.testResults.path} sx={{ minHeight: 48 }}>
            {t('submitted.results')}
          </Button>
        </Box>
      </>
    );
  }
  return (
    // Every time on the page (the deadline to pay, the visit) is on the laboratory's clock: its zone is named once, under the title.
    <PageContainer title={t(`submitted.title${title}`)} subtitle={mounted && current ? labZoneText(t, i18n.language, current.visit.timeZone) : undefined}>
      <PageHead title={t(`submitted.pageTitle${title}`)} complete />
      {body}
    </PageContainer>
  );
}
