import dynamic from 'next/dynamic';
import { PageHead } from '@/components/PageHead';
import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { routes } from '@/lib/routes';
import { AuthPaper } from '@/components/AuthPaper';
import { FormSkeleton } from './FormSkeleton';

/**
 * The form (formik, its fields and the terms consent) is a chunk of its own, requested as the page
 * mounts, so it does not weigh on the page's first JavaScript.
 */
const loadRegisterForm = () => import('./RegisterForm').then((m) => m.RegisterForm);
const RegisterForm = dynamic(loadRegisterForm, { ssr: false, loading: () => <FormSkeleton rows={6} /> });

export function RegisterPage() {
  const { t } = useTranslation('account');
  const router = useRouter();
  useEffect(() => {
    void loadRegisterForm();
  }, []);
  return (
    <>
      <PageHead title={t('register.title')} description={t('register.description')} />
      <AuthPaper title={t('register.title')} subtitle={t('register.subtitle')}>
        <RegisterForm onLogin={() => void router.push(routes.login.path)} />
      </AuthPaper>
    </>
  );
}
