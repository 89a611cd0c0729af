import { PageHead } from '@/components/PageHead';
import { useRouter } from 'next/router';
import { useTranslation } from 'react-i18next';
import { routes } from '@/lib/routes';
import { AuthPaper } from '@/components/AuthPaper';
import { RegisterForm } from './RegisterForm';

export function RegisterPage() {
  const { t } = useTranslation('account');
  const router = useRouter();
  return (
    <>
      <PageHead title={t('register.title')} description={t('register.description')} />
      <AuthPaper title={t('register.title')} subtitle={t('register.subtitle')}>
        <RegisterForm onLogin={() => void router.push(routes.login.path)} />
      </AuthPaper>
    </>
  );
}
