import Button from '@mui/material/Button';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { PageHead } from '@/components/PageHead';
import Link from 'next/link';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { PageContainer } from '@/components/PageContainer';

/** The 404 page: nothing at this address, a way home. */
export function NotFoundView() {
  const { t } = useTranslation('common');
  return (
    <PageContainer maxWidth="sm">
      <PageHead title={t('notFound.title')} />
      <EmptyState
        icon={<SearchOffIcon fontSize="inherit" />}
        title={<span role="heading" aria-level={1}>{t('notFound.title')}</span>}
        text={t('notFound.text')}
        action={
          <Button component={Link} href="/" variant="contained" sx={{ minHeight: 48 }}>
            {t('notFound.home')}
          </Button>
        }
      />
    </PageContainer>
  );
}
