import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton, PageContainer, useToast } from '@/components';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { routes } from '@/lib/routes';
import { Status } from '@/lib/status';
import { useMounted } from '@/lib/useMounted';
import { useStatusChange } from '@/lib/store/useStatusChange';
import type { MaterialDto } from '@/shared/types/api';
import { addFlowReset, addToCartRequested, materialDecisionCancelled, materialDecisionMade, restrictionDialogClosed } from '../cartSlice';
import { AddableSummary, addableAnalyses, addablePrice, type Addable } from './AddableSummary';
import { StickyActionBar } from '@/components/StickyActionBar';
import { patientName } from './patientName';
import { useOpenedOnce } from '@/lib/useOpenedOnce';
import { Notice } from '@/components/Notice';
import { useFailureText, type FailureTexts } from '@/components/useFailureText';
import { ERROR_CODES } from '@/shared/errorCodes';
import { PageHead } from '@/components/PageHead';
import { useLanguage } from '@/i18n/useLanguage';
import { localName } from '@/shared/catalogueText';

// The card is what the page shows first; the account forms, the patient picker (formik and its
// fields) and the dialogs load when the flow reaches them.
const StepLoading = () => <ListSkeleton rows={3} />;
const AuthStep = dynamic(() => import('./AuthStep').then((m) => m.AuthStep), { ssr: false, loading: StepLoading });
const PatientsStep = dynamic(() => import('./PatientsStep').then((m) => m.PatientsStep), { ssr: false, loading: StepLoading });
const MaterialDecisionDialog = dynamic(() => import('./AddDialogs').then((m) => m.MaterialDecisionDialog), { ssr: false });
const RestrictionDialog = dynamic(() => import('./AddDialogs').then((m) => m.RestrictionDialog), { ssr: false });

export const ADDABLE_FLOW_PAGES = ['addableCard', 'register', 'login', 'addPatients'] as const;
export type AddableFlowPage = (typeof ADDABLE_FLOW_PAGES)[number];

export const ADDED_MESSAGE = 'Analysis has been added to the cart';

/** What the add answers, worded for an analysis or a profile. */
function addFailureTexts(type: Addable['type']): FailureTexts {
  const analysis = type === 'analysis';
  return {
    codes: {
      [ERROR_CODES.laboratoryRequired]: 'cart:failure.laboratoryRequired',
      [ERROR_CODES.notSoldInLaboratory]: analysis ? 'cart:failure.analysisNotSold' : 'cart:failure.profileNotSold',
      [ERROR_CODES.patientNotFound]: 'cart:failure.patientNotFound',
      [ERROR_CODES.notFound]: analysis ? 'cart:failure.analysisNotFound' : 'cart:failure.profileNotFound',
      // A profile without analyses is the one other refusal of an add.
      ...(analysis ? {} : { [ERROR_CODES.badRequest]: 'cart:failure.profileEmpty' }),
    },
  };
}

function flowPage(raw: unknown): AddableFlowPage {
  return typeof raw === 'string' && (ADDABLE_FLOW_PAGES as readonly string[]).includes(raw) ? (raw as AddableFlowPage) : 'addableCard';
}

/** `/add-to-cart/{addableType}/{addableId}?addableFlowPage=`: card, register/login, patients, add. */
export function AddToCartFlow({ addable }: { addable: Addable }) {
  const { t } = useTranslation(['cartFlows', 'cart']);
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const router = useRouter();
  const toast = useToast();
  const mounted = useMounted();
  const isLoggedIn = useAppSelector((s) => s.auth.isLoggedIn);
  const cartState = useAppSelector((s) => s.cart);
  const { materialDecision, restrictedPatientIds, lastAddedPatientIds } = cartState;
  const { status: addStatus, error: addError } = cartState.add;
  const patients = useAppSelector((s) => s.patients.list.data);
  const page = flowPage(router.query.addableFlowPage);
  const addFailureText = useFailureText(addError, addFailureTexts(addable.type));

  const go = (next: AddableFlowPage) =>
    void router.replace({ pathname: router.pathname, query: { ...router.query, addableFlowPage: next } }, undefined, { shallow: true, scroll: true });

  // A logged-in user skips the account steps; a visitor cannot pick patients.
  useEffect(() => {
    if (!mounted) return;
    if (isLoggedIn && (page === 'register' || page === 'login')) go('addPatients');
    if (!isLoggedIn && page === 'addPatients') go('addableCard');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mounted, isLoggedIn, page]);

  useEffect(() => {
    dispatch(addFlowReset());
  }, [dispatch]);

  // Something went into the cart: say so, then show the cart (after the restriction dialog, if any).
  // (An add answered with restrictions added something only for the patients it did not exclude.)
  const [addedNow, setAddedNow] = useState(false);
  useStatusChange(addStatus, {
    onSuccess: () => {
      if (restrictedPatientIds !== null && lastAddedPatientIds.length === 0) return;
      toast.success(t(ADDED_MESSAGE));
      setAddedNow(true);
    },
  });
  useEffect(() => {
    if (addedNow && !restrictedPatientIds) void router.push(routes.cart.path);
  }, [addedNow, restrictedPatientIds, router]);

  const materials = useMemo(() => {
    const byId = new Map<string, MaterialDto>();
    for (const a of addableAnalyses(addable)) for (const m of a.materials) byId.set(String(m.id), m);
    return Object.entries(materialDecision ?? {}).map(([id, suggested]) => ({ id, suggested, material: byId.get(id) ?? null }));
  }, [addable, materialDecision]);
  const price = addablePrice(addable);
  const decisionLoaded = useOpenedOnce(Boolean(materialDecision));
  const restrictionLoaded = useOpenedOnce(Boolean(restrictedPatientIds));

  let content;
  if (!mounted) content = <ListSkeleton rows={3} />;
  else if (page === 'register' || page === 'login') content = <AuthStep mode={page} onSwitch={go} />;
  else if (page === 'addPatients' && isLoggedIn)
    content = (
      <PatientsStep
        busy={addStatus === Status.LOADING || Boolean(materialDecision)}
        onAdd={(patientIds) => {
          dispatch(addToCartRequested({ addableType: addable.type, addableId: addable.item.id, patientIds }));
        }}
      />
    );
  else
    // The next step stays at hand below a long profile card on a phone.
    content = (
      <StickyActionBar>
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, justifyContent: 'flex-end', gap: 1 }}>
          {isLoggedIn ? (
            <Button variant="contained" size="large" disabled={!price} onClick={() => go('addPatients')} sx={{ minHeight: 48 }}>
              {t('add.choosePatientsButton')}
            </Button>
          ) : (
            <>
              <Button variant="contained" size="large" disabled={!price} onClick={() => go('register')} sx={{ minHeight: 48 }}>
                {t('add.registerToContinue')}
              </Button>
              <Button variant="outlined" size="large" disabled={!price} onClick={() => go('login')} sx={{ minHeight: 48 }}>
                {t('add.loginToContinue')}
              </Button>
            </>
          )}
        </Box>
      </StickyActionBar>
    );

  const restrictedNames = (restrictedPatientIds ?? []).map((id) => patientName(patients, id) ?? t('cart:cart.patientFallback', { id }));
  const addedForOthers = lastAddedPatientIds.length > 0;

  return (
    <PageContainer title={t('add.title')}>
      <PageHead title={t('add.pageTitle', { name: localName(addable.item, language) })} complete robots="noindex" />
      <AddableSummary addable={addable} />
      {addStatus === Status.ERROR && addError && (
        <Notice severity="error" role="alert" sx={{ mb: 2 }}>
          {addFailureText}
        </Notice>
      )}
      {content}
      {decisionLoaded && (
        <MaterialDecisionDialog
          key={JSON.stringify(materialDecision)}
          open={Boolean(materialDecision)}
          materials={materials}
          currency={price?.currency ?? 'EUR'}
          onDecide={(map) => dispatch(materialDecisionMade(map))}
          onCancel={() => dispatch(materialDecisionCancelled())}
        />
      )}
      {restrictionLoaded && (
        <RestrictionDialog
          open={Boolean(restrictedPatientIds)}
          names={restrictedNames}
          addedForOthers={addedForOthers}
          onClose={() => dispatch(restrictionDialogClosed())}
        />
      )}
    </PageContainer>
  );
}
