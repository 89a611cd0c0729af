import { styled } from '@mui/material/styles';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import NextLink from 'next/link';
import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/EmptyState';
import { ErrorState } from '@/components/ErrorState';
import { ListSkeleton } from '@/components/Skeletons';
import { PageContainer } from '@/components/PageContainer';
import { containedButtonLook, textButtonLook } from '@/components/plainLooks';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { routes } from '@/lib/routes';
import { useMounted } from '@/lib/useMounted';
import { CheckoutStepper } from '@/components/CheckoutStepper';
import { shallowEqual } from 'react-redux';
import type { PendingRemoval } from './CartContents';
import { selectOrderTotals } from '../orderTotals';
import { cartRequested, patientName, removeAnalysisRequested, removePatientRequested, resetCartRequested } from '@/features/cart';
import { patientsRequested } from '@/features/patients';
import { useToast } from '@/components/Toast';
import { PageHead } from '@/components/PageHead';
import { useFailureText, type FailureTexts } from '@/components/useFailureText';

/**
 * A removal the server refused: the patient is not the user's, or what was removed is no longer in the
 * cart; anything else is the generic text. The codes are spelled out (typed by ErrorCode) so that the
 * page does not carry the table of every code.
 */
const MUTATION_FAILURE: FailureTexts = {
  codes: { patient_not_found: 'cart:failure.patientNotFound', not_found: 'cart:failure.notInCart' },
};

type Pending = PendingRemoval | null;

/** The empty cart's way on: MUI's contained Button as a plain link (no ButtonBase on the cart page). */
const FindTestsLink = styled(NextLink)(({ theme }) => ({ ...textButtonLook(theme), ...containedButtonLook(theme), textDecoration: 'none' }));

/**
 * The cart's contents (the patients' sections with their menus, the breakdown, the bar with the total)
 * come in a chunk of their own: a visitor, whose cart is always empty, never downloads them; a
 * signed-in user's page asks for them as it mounts, while the cart is still loading.
 */
const loadCartContents = () => import('./CartContents').then((m) => m.CartContents);
const CartContents = dynamic(loadCartContents, { ssr: false, loading: () => <ListSkeleton rows={4} /> });

/** `/order/cart`: one section per patient, the total with the home visit fee, and the next step. */
export function CartView() {
  const { t } = useTranslation('cart');
  const dispatch = useAppDispatch();
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
    if (isLoggedIn) void loadCartContents();
  }, [isLoggedIn]);
  useEffect(() => {
    if (isLoggedIn && patientsStatus === Status.INITIAL) dispatch(patientsRequested());
  }, [dispatch, isLoggedIn, patientsStatus]);
  useEffect(() => {
    if (mutationStatus === Status.ERROR && mutationFailureText) toast.error(mutationFailureText);
  }, [mutationStatus, mutationFailureText, toast]);

  const patientIds = cart ? Object.keys(cart.analysisIdsByPatientId).map(Number) : [];
  const loading = !mounted || status === Status.INITIAL || (status === Status.LOADING && !cart);
  const busy = mutationStatus === Status.LOADING;
  const nameOf = (id: number) => patientName(patients, id) ?? t('cart.patientFallback', { id });
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
          <FindTestsLink href={routes.search.path} prefetch={false}>
            {t('cart.findTests')}
          </FindTestsLink>
        }
      />
    );
  else
    body = <CartContents cart={cart} patientIds={patientIds} totals={totals} busy={busy} nameOf={nameOf} onConfirm={setPending} />;

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
