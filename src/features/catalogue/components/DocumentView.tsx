import Button from '@mui/material/Button';
import Link from 'next/link';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components';
import { PageHead } from '@/components/PageHead';
import { routePath } from '@/lib/routes';
import { pickLanguage, type ContentPageProps } from '../contentLanguage';
import { MarkdownContent } from './MarkdownContent';

/** `/documents/{slug}`: one of the shop's documents in the reader's language. */
export function DocumentView({ canonicalUrl, content }: ContentPageProps) {
  const { t, i18n } = useTranslation('catalogue');
  const doc = pickLanguage(content, i18n.language);
  return (
    <PageContainer title={doc.title}>
      <PageHead title={doc.title} description={doc.summary.slice(0, 160)} canonicalUrl={canonicalUrl} />
      <MarkdownContent html={doc.html} />
      <Button component={Link} href={routePath('documents')} sx={{ mt: 3, minHeight: 48 }}>
        {t('documents.all')}
      </Button>
    </PageContainer>
  );
}
