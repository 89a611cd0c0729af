import { PageHead } from '@/components/PageHead';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import Typography from '@mui/material/Typography';
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
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
          {t('register.privacy')}{' '}
          <NextLink href={routes.documents.path} style={{ color: 'inherit' }}>
            {t('register.documents')}
          </NextLink>
        </Typography>
      </AuthPaper>
    </>
  );
}
