import NextLink from 'next/link';
import Button from '@mui/material/Button';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components';
import { routes } from '@/lib/routes';

/** What a visitor sees instead of patients: a prompt to log in. */
export function PatientsVisitorPrompt() {
  const { t } = useTranslation('account');
  return (
    <EmptyState
      icon={<LoginOutlined fontSize="inherit" />}
      title={t('patients.visitorTitle')}
      text={t('patients.visitorText')}
      action={
        <Button component={NextLink} href={routes.login.path} variant="contained" sx={{ minHeight: 48 }}>
          {t('login.submit')}
        </Button>
      }
    />
  );
}
