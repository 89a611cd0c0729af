import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, EmptyState, ErrorState, ListSkeleton, Money, PageContainer } from '@/components';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { routes } from '@/lib/routes';
import { useMounted } from '@/lib/useMounted';
import { CheckoutStepper } from '@/components/CheckoutStepper';
import { StickyActionBar } from '@/components/StickyActionBar';
import { cartBreakdown } from '@/shared/breakdown';
import { toMajor } from '@/shared/money';
import { shallowEqual } from 'react-redux';
import { CartPatientSection } from './CartPatientSection';
import { OrderAmount } from './OrderAmount';
import { useSavedAddressCoverage } from './useSavedAddressCoverage';
import { selectOrderTotals } from '../orderTotals';
import {
  cartRequested,
  patientName,
  removeAnalysisRequested,
  removePatientAnalysisRequested,
  removePatientRequested,
  resetCartRequested,
} from '@/features/cart';
import { patientsRequested } from '@/features/patients';
import { useToast } from '@/components/Toast';
import { PageHead } from '@/components/PageHead';
import { useFailureText, type FailureTexts } from '@/components/useFailureText';
import { ERROR_CODES } from '@/shared/errorCodes';

/** A removal the server refused: the patient is not the user's, or what was removed is no longer in the cart; anything else is the generic text. */
const MUTATION_FAILURE: FailureTexts = {
  codes: { [ERROR_CODES.patientNotFound]: 'cart:failure.patientNotFound', [ERROR_CODES.notFound]: 'cart:failure.notInCart' },
};

type Pending =
  | { kind: 'reset' }
  | { kind: 'patient'; patientId: number; name: string }
  | { kind: 'everyone'; analysisId: number; name: string }
  | null;

/** `/order/cart`: one section per patient, the total with the home visit fee, and the next step. */
export function CartView() {
  const { t } = useTranslation('cart');
  const dispatch = useAppDispatch();
  const router = useRouter();
  const toast = useToast();
  const mounted = useMounted();
  const { status, data: cart, error } = useAppSelector((s) => s.cart.cart);
  const { status: mutationStatus, error: mutationError } = useAppSelector((s) => s.cart.mutation);
  const { status: patientsStatus, data: patients } = useAppSelector((s) => s.patients.list);
  const isLoggedIn = useAppSelector((s) => s.auth.isLoggedIn);
  const [pending, setPending] = useState<Pending>(null);
  const totals = useAppSelector((s) => selectOrderTotals(s, 'cart'), shallowEqual);
  const loadFailureText = useFailureText(error);
  const mutationFailureText = useFailureText(mutationError, MUTATION_FAILURE);

  useEffect(() => {
    if (isLoggedIn && patientsStatus === Status.INITIAL) dispatch(patientsRequested());
  }, [dispatch, isLoggedIn, patientsStatus]);
  // The fee of the saved address's zone, when an address was given earlier in this checkout.
  useSavedAddressCoverage(isLoggedIn);
  useEffect(() => {
    if (mutationStatus === Status.ERROR && mutationFailureText) toast.error(mutationFailureText);
  }, [mutationStatus, mutationFailureText, toast]);

  const patientIds = cart ? Object.keys(cart.analysisIdsByPatientId).map(Number) : [];
  const loading = !mounted || status === Status.INITIAL || (status === Status.LOADING && !cart);
  const busy = mutationStatus === Status.LOADING;
  const nameOf = (id: number) => patientName(patients, id) ?? t('cart.patientFallback', { id });
  const patientCountByAnalysis = Object.fromEntries(Object.entries(cart?.patientIdsByAnalysisId ?? {}).map(([k, v]) => [k, v.length]));
  const currency = totals.currency;
  // The same breakdown as the summary and the order pages: tests, materials bought, visit, total.
  const money = cart ? cartBreakdown(cart, toMajor(totals.visitFeeMinor), totals.visitFeeExact) : { testsMinor: 0, materialsMinor: 0 };

  // The tests, materials and visit fee, and why the fee is "from": in the bar on wider screens; on a
  // phone in the page above "Empty the cart", so that the bar (the total and the next step) stays low
  // and never covers that button.
  const breakdown = (inBar: boolean) => (
    <>
      <Typography variant="body2" color="text.secondary">
        {t('cart.tests')} <Money amount={toMajor(money.testsMinor)} currency={currency} /> ·{' '}
        {money.materialsMinor > 0 && (
          <>
            {t('cart.materials')} <Money amount={toMajor(money.materialsMinor)} currency={currency} /> ·{' '}
          </>
        )}
        <span data-testid={inBar ? 'cart-visit-fee' : undefined}>{t('cart.homeVisit')}{' '}
        <OrderAmount minor={totals.visitFeeMinor} currency={currency} exact={totals.visitFeeExact} /></span>
      </Typography>
      {!totals.visitFeeExact && (
        <Typography variant="body2" color="text.secondary">
          {t('cart.feeByAddress')}
        </Typography>
      )}
    </>
  );

  let body;
  if (loading) body = <ListSkeleton rows={4} />;
  else if (status === Status.ERROR) body = <ErrorState message={loadFailureText} onRetry={() => dispatch(cartRequested())} />;
  else if (!isLoggedIn || !cart || patientIds.length === 0)
    body = (
      <EmptyState
        icon={<ShoppingCartOutlinedIcon fontSize="inherit" />}
        title={t('cart.emptyTitle')}
        text={isLoggedIn ? t('cart.emptyText') : t('cart.emptyVisitorText')}
        action={
          <Button component={NextLink} href={routes.search.path} prefetch={false} variant="contained" sx={{ minHeight: 48 }}>
            {t('cart.findTests')}
          </Button>
        }
      />
    );
  else
    body = (
      <>
        {patientIds.map((pid) => {
          const key = String(pid);
          const name = nameOf(pid);
          return (
            <CartPatientSection
              key={pid}
              patientId={pid}
              name={name}
              analyses={cart.analysisDtosByPatientId[key] ?? []}
              materials={Object.values(cart.materialCartRefMapsByPatientId[key] ?? {})}
              subtotal={cart.subCartTotalsByPatientId[key] ?? { price: 0, currency }}
              patientCountByAnalysis={patientCountByAnalysis}
              disabled={busy}
              onRemoveAnalysis={(analysisId) => dispatch(removePatientAnalysisRequested({ patientId: pid, analysisId }))}
              onRemoveAnalysisForEveryone={(analysisId) => {
                const a = cart.analysisDtosByPatientId[key]?.find((x) => x.id === analysisId);
                setPending({ kind: 'everyone', analysisId, name: a?.name ?? '' });
              }}
              onRemovePatient={() => setPending({ kind: 'patient', patientId: pid, name })}
            />
          );
        })}
        <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 2 }}>{breakdown(false)}</Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button color="error" onClick={() => setPending({ kind: 'reset' })} disabled={busy} sx={{ minHeight: 48 }}>
            {t('cart.reset')}
          </Button>
        </Box>
        <StickyActionBar
          summary={
            <Box aria-live="polite">
              <Box sx={{ display: { xs: 'none', sm: 'block' } }}>{breakdown(true)}</Box>
              <Typography variant="h6" component="p" sx={{ fontSize: '1.15rem' }} data-testid="cart-total">
                {t('cart.total')} <OrderAmount minor={totals.totalMinor} currency={currency} exact={totals.visitFeeExact} />
              </Typography>
            </Box>
          }
        >
          <Button variant="contained" size="large" disabled={busy} onClick={() => void router.push(routes.orderAddress.path)} sx={{ minHeight: 48 }}>
            {t('cart.next')}
          </Button>
        </StickyActionBar>
      </>
    );

  const dialog = pending && {
    reset: { title: t('cart.resetTitle'), text: t('cart.resetText'), confirm: t('cart.resetConfirm') },
    patient: { title: t('cart.removePatientTitle', { name: pending.kind === 'patient' ? pending.name : '' }), text: t('cart.removePatientText'), confirm: t('cart.remove') },
    everyone: { title: t('cart.removeEveryoneTitle', { name: pending.kind === 'everyone' ? pending.name : '' }), text: t('cart.removeEveryoneText'), confirm: t('cart.remove') },
  }[pending.kind];

  return (
    <PageContainer title={t('cart.title')}>
      <PageHead title={t('cart.pageTitle')} complete description={t('cart.pageDescription')} />
      <CheckoutStepper active="cart" />
      {body}
      <p>
        <NextLink href="/order/paste" prefetch={false}>{t('paste.link')}</NextLink>
      </p>
      <ConfirmDialog
        open={Boolean(pending)}
        title={dialog?.title ?? ''}
        text={dialog?.text}
        confirmLabel={dialog?.confirm}
        destructive
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending?.kind === 'reset') dispatch(resetCartRequested());
          else if (pending?.kind === 'patient') dispatch(removePatientRequested({ patientId: pending.patientId }));
          else if (pending?.kind === 'everyone') dispatch(removeAnalysisRequested({ analysisId: pending.analysisId }));
          setPending(null);
        }}
      />
    </PageContainer>
  );
}
