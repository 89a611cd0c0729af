import Button from '@mui/material/Button';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import { PageHead } from '@/components/PageHead';
import Link from 'next/link';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { PageContainer } from '@/components/PageContainer';

/** The 500 page: the server failed, a way home. */
export function ServerErrorView() {
  const { t } = useTranslation('common');
  return (
    <PageContainer maxWidth="sm">
      <PageHead title={t('serverError.title')} />
      <EmptyState
        icon={<ErrorOutlinedIcon fontSize="inherit" />}
        title={<span role="heading" aria-level={1}>{t('serverError.title')}</span>}
        text={t('serverError.text')}
        action={
          <Button component={Link} href="/" variant="contained" sx={{ minHeight: 48 }}>
            {t('serverError.home')}
          </Button>
        }
      />
    </PageContainer>
  );
}
