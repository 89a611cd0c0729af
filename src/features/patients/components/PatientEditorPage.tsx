import dynamic from 'next/dynamic';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useMemo } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import { PatientsVisitorPrompt } from './PatientsVisitorPrompt';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, PageContainer } from '@/components';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { routes } from '@/lib/routes';
import { useSession } from '@/features/auth';
import { newPatient, patientFromDto, type Patient } from '../patientMapping';
import { patientFormOpened, patientRequested, patientSaveRequested } from '../patientsSlice';
import { patientReturnPath } from './returnPath';
import { Skeleton } from '@/components/Skeleton';
import { PageHead } from '@/components/PageHead';

function FormSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div role="progressbar" aria-label={t('loading')} aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} variant="rounded" height={56} sx={{ my: 2 }} />
      ))}
    </div>
  );
}

/**
 * The form (formik and its fields) is a chunk of its own, requested as the page mounts: the page shows
 * its skeleton until the session is known anyway, so the form is ready by then without weighing on the
 * page's first JavaScript.
 */
const loadPatientForm = () => import('./PatientForm').then((m) => m.PatientForm);
const PatientForm = dynamic(loadPatientForm, { ssr: false, loading: FormSkeleton });

/** `/patients/create` (mode create) and `/patients/edit/[patientId]` (mode edit). */
export function PatientEditorPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation('account');
  const router = useRouter();
  const dispatch = useAppDispatch();
  const session = useSession();
  const { current: currentResource, save: saving } = useAppSelector((s) => s.patients);
  const current = currentResource.data;
  const rawId = router.query.patientId;
  const patientId = typeof rawId === 'string' && /^\d+$/.test(rawId) ? Number(rawId) : null;

  useEffect(() => {
    void loadPatientForm();
  }, []);
  useEffect(() => {
    if (mode === 'create') dispatch(patientFormOpened());
  }, [mode, dispatch]);
  useEffect(() => {
    if (mode === 'edit' && session === 'user' && patientId !== null) dispatch(patientRequested(patientId));
  }, [mode, session, patientId, dispatch]);

  const initial: Patient | null = useMemo(() => {
    if (mode === 'create') return newPatient();
    return current && current.id === patientId ? patientFromDto(current) : null;
  }, [mode, current, patientId]);

  const title = mode === 'create' ? t('patients.createTitle') : t('patients.editTitle');
  const save = (patient: Patient) => dispatch(patientSaveRequested({ patient, returnPath: patientReturnPath(router.query) }));

  let content;
  if (session === 'unknown' || !router.isReady) {
    content = <FormSkeleton />;
  } else if (session === 'visitor') {
    content = <PatientsVisitorPrompt />;
  } else if (mode === 'edit' && (patientId === null || currentResource.error?.status === 404)) {
    content = (
      <EmptyState
        icon={<PersonSearchOutlined fontSize="inherit" />}
        title={t('patients.notFoundTitle')}
        text={t('patients.notFoundText')}
        action={
          <Button component={NextLink} href={routes.patientsList.path} variant="contained" sx={{ minHeight: 48 }}>
            {t('patients.toList')}
          </Button>
        }
      />
    );
  } else if (mode === 'edit' && currentResource.status === Status.ERROR) {
    content = <ErrorState message={t('patients.loadOneFailed')} onRetry={() => patientId !== null && dispatch(patientRequested(patientId))} />;
  } else if (!initial) {
    content = <FormSkeleton />;
  } else {
    content = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <PatientForm
          initial={initial}
          onSubmit={save}
          busy={saving.status === Status.LOADING}
          failure={saving.status === Status.ERROR ? saving.error : null}
          submitLabel={mode === 'create' ? t('patients.createSubmit') : t('patients.editSubmit')}
        />
      </Paper>
    );
  }

  return (
    <>
      <PageHead title={title} />
      <PageContainer title={title} maxWidth="sm">
        {content}
      </PageContainer>
    </>
  );
}
