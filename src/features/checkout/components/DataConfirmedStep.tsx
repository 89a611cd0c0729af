import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton, Money, PageContainer } from '@/components';
import { Skeleton } from '@/components/Skeleton';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { routes } from '@/lib/routes';
import { Status } from '@/lib/status';
import { patientName } from '@/features/cart';
import { patientsRequested } from '@/features/patients';
import { CheckoutStepper } from '@/components/CheckoutStepper';
import { StickyActionBar } from '@/components/StickyActionBar';
import { useCheckoutGuard } from './useCheckoutGuard';
import { coverageRequested, paymentMethodChosen, submitRequested } from '../checkoutSlice';
import { coverageMatches } from './coverage';
import { formatAddress } from './formatAddress';
import { PromoCodeField } from './PromoCodeField';
import { SUBMIT_FAILURE_TEXTS } from './failureTexts';
import { useFailureText } from '@/components/useFailureText';
import { shallowEqual } from 'react-redux';
import { selectOrderTotals } from '../orderTotals';
import { OrderAmount } from './OrderAmount';
import { selectCurrentUser, selectCurrentUserStatus } from '@/features/auth';
import { Notice } from '@/components/Notice';
import { PAYMENT_NOT_STARTED, PaymentMethodChoice, type PaymentMethod } from '@/features/payments';
import { paymentChoice } from '@/shared/paymentMethods';
import { formatVisitWindow } from '@/shared/labTime';
import { useDeviceTimeZone } from '@/lib/useDeviceTimeZone';
import { timeZoneOfCountry } from '@/shared/timeZones';
import { localName } from '@/shared/catalogueText';
import { PageHead } from '@/components/PageHead';
import { selectSlots } from '@/features/orders';

function Section({ title, edit, children }: { title: string; edit?: { href: string; label: string }; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1, fontSize: '1.05rem' }}>
            {title}
          </Typography>
          {edit && (
            <Link component={NextLink} href={edit.href} sx={{ minHeight: 48, display: 'inline-flex', alignItems: 'center', px: 1 }}>
              {edit.label}
            </Link>
          )}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** `/order/data-confirmed`: the summary of everything and "Submit order". */
export function DataConfirmedStep() {
  const { t, i18n } = useTranslation('cart');
  const dispatch = useAppDispatch();
  const router = useRouter();
  const order = useAppSelector((s) => s.checkout);
  const { ready } = useCheckoutGuard({ needsCart: order.submit.status !== Status.SUCCESS });
  const cart = useAppSelector((s) => s.cart.cart.data);
  const { status: patientsStatus, data: patients } = useAppSelector((s) => s.patients.list);
  const user = useAppSelector(selectCurrentUser);
  // Just confirmed: the user is being read again, so the old "not confirmed" does not send the user back.
  const userLoading = useAppSelector(selectCurrentUserStatus) === Status.LOADING;
  const laboratoryId = useAppSelector((s) => s.lab.activeLaboratoryId);
  const coverage = coverageMatches(order.coverage.data, laboratoryId, order.orderAddress) ? order.coverage.data : null;
  const totals = useAppSelector((s) => selectOrderTotals(s, 'checkout'), shallowEqual);
  const { country, postalCode } = order.orderAddress;
  const hasCoverage = coverage !== null;
  const coverageLoading = order.coverage.status === Status.LOADING;

  useEffect(() => {
    if (!ready || !laboratoryId || order.submit.status === Status.SUCCESS) return;
    // An address saved before postal codes were asked for, or one the laboratory does not visit, goes back to the address step.
    if (!postalCode) void router.replace(routes.orderAddress.path);
    else if (!hasCoverage && !coverageLoading) dispatch(coverageRequested({ laboratoryId, country, postalCode }));
  }, [dispatch, ready, laboratoryId, country, postalCode, hasCoverage, coverageLoading, order.submit.status, router]);

  useEffect(() => {
    if (ready && patientsStatus === Status.INITIAL) dispatch(patientsRequested());
  }, [dispatch, ready, patientsStatus]);
  useEffect(() => {
    if (!ready) return;
    if (user && !user.emailConfirmed) {
      if (!userLoading) void router.replace(routes.confirmEmailInOrder.path);
    }
    else if (!order.orderSlotId && order.submit.status !== Status.LOADING && order.submit.status !== Status.SUCCESS) void router.replace(routes.nurseCheckoutTime.path);
  }, [ready, user, userLoading, order.orderSlotId, order.submit.status, router]);

  const currency = totals.currency;
  const offered = useAppSelector((s) => s.lab.laboratory.data?.paymentMethods);
  // The laboratory's methods as the server sends them; until they are known nothing is chosen or sent.
  const choice = paymentChoice(offered, order.paymentMethod);
  const submitting = order.submit.status === Status.LOADING || order.submit.status === Status.SUCCESS;
  const notStarted = order.submit.status === Status.ERROR && order.submit.error?.code === PAYMENT_NOT_STARTED;
  const submitFailureText = useFailureText(order.submit.error, SUBMIT_FAILURE_TEXTS);
  const submitWith = (m: PaymentMethod) => {
    dispatch(paymentMethodChosen(m));
    dispatch(submitRequested());
  };
  const lab = useAppSelector((s) => s.lab.laboratory.data);
  const zone = lab?.timeZone ?? timeZoneOfCountry(lab?.country);
  const deviceZone = useDeviceTimeZone();
  const slots = useAppSelector(selectSlots);
  const slot = slots.data.find((s) => s.id === order.orderSlotId);
  const when = order.nurseCheckoutDate ? formatVisitWindow(order.nurseCheckoutDate, slot?.end ?? order.nurseCheckoutDate, i18n.language, zone, deviceZone, 'weekdayDate') : '';
  const fb = order.feedbackDetails;

  return (
    <PageContainer title={t('confirm.title')} subtitle={t('confirm.subtitle')}>
      <PageHead title={t('confirm.pageTitle')} complete />
      <CheckoutStepper active="confirm" />
      {!ready || !cart ? (
        <ListSkeleton rows={4} />
      ) : (
        <>
          <Section title={t('confirm.visit')} edit={{ href: routes.nurseCheckoutTime.path, label: t('confirm.change') }}>
            <Typography>{when}</Typography>
          </Section>
          <Section title={t('confirm.address')} edit={{ href: routes.orderAddress.path, label: t('confirm.change') }}>
            <Typography>{formatAddress(order.orderAddress, t)}</Typography>
            {order.orderAddress.notes && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('confirm.notes', { notes: order.orderAddress.notes })}
              </Typography>
            )}
          </Section>
          <Section title={t('confirm.contact')} edit={{ href: routes.orderFeedback.path, label: t('confirm.change') }}>
            {fb.useEmail && <Typography>{t('confirm.byEmail', { email: user?.email ?? '' })}</Typography>}
            {fb.usePhone && <Typography>{t('confirm.byPhone', { phone: fb.quickPhone || user?.phone || t('confirm.accountPhone') })}</Typography>}
          </Section>
          <Section title={t('confirm.tests')} edit={{ href: routes.cart.path, label: t('confirm.change') }}>
            {Object.keys(cart.analysisIdsByPatientId).map((pid) => (
              <Box key={pid} sx={{ mb: 1.5 }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>{patientName(patients, Number(pid)) ?? t('cart.patientFallback', { id: pid })}</Typography>
                  <Typography sx={{ fontWeight: 600 }}>
                    <Money amount={cart.subCartTotalsByPatientId[pid]?.price ?? 0} currency={currency} />
                  </Typography>
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {(cart.analysisDtosByPatientId[pid] ?? []).map((a) => localName(a, i18n.language)).join(', ')}
                </Typography>
              </Box>
            ))}
            <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
              <Typography>{t('cart.homeVisit')}</Typography>
              <OrderAmount minor={totals.visitFeeMinor} currency={currency} exact={totals.visitFeeExact} />
            </Box>
          </Section>
          <Section title={t('promo.title')}>
            <PromoCodeField />
          </Section>
          <Section title={t('payment.methodTitle')}>
            {choice ? <PaymentMethodChoice methods={choice.methods} value={choice.method} onChange={(m) => dispatch(paymentMethodChosen(m))} disabled={submitting} /> : <Skeleton variant="rounded" height={96} />}
          </Section>
          {notStarted && (
            <Notice severity="error" role="alert" sx={{ mt: 2 }} data-testid="payment-not-started">
              {t('payment.notStarted')}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
                <Button variant="contained" onClick={() => submitWith('online')} sx={{ minHeight: 48 }}>
                  {t('payment.tryAgain')}
                </Button>
                <Button variant="outlined" onClick={() => submitWith('on_visit')} sx={{ minHeight: 48 }}>
                  {t('payment.payOnVisitInstead')}
                </Button>
              </Box>
            </Notice>
          )}
          {order.submit.status === Status.ERROR && order.submit.error && !order.slotFull && !notStarted && (
            <Notice severity="error" role="alert" sx={{ mt: 2 }}>
              {submitFailureText}
            </Notice>
          )}
          <StickyActionBar
            summary={
              <Typography variant="h6" component="p" sx={{ fontSize: '1.15rem' }}>
                {t('cart.total')} <OrderAmount minor={totals.totalMinor} currency={currency} exact={totals.visitFeeExact} />
              </Typography>
            }
          >
            <Button
              variant="contained"
              size="large"
              disabled={submitting || !choice}
              onClick={() => choice && submitWith(choice.method)}
              sx={{ minHeight: 48 }}
            >
              {order.submit.status === Status.LOADING ? t('confirm.submitting') : choice?.method === 'online' ? t('payment.submitAndPay') : t('confirm.submit')}
            </Button>
          </StickyActionBar>
        </>
      )}
    </PageContainer>
  );
}
