import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from 'next/link';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components';
import { PageHead } from '@/components/PageHead';
import { routePath } from '@/lib/routes';
import { pickLanguage, type ContentPageProps } from '../contentLanguage';
import { MarkdownContent } from './MarkdownContent';

/** The article of key gettingReadyForAnalyzes: how to prepare for the tests. */
export function ArticleView({ canonicalUrl, content }: ContentPageProps) {
  const { t, i18n } = useTranslation('catalogue');
  const article = pickLanguage(content, i18n.language);
  return (
    <PageContainer title={article.title}>
      <PageHead title={article.title} description={article.summary.slice(0, 160)} canonicalUrl={canonicalUrl} />
      <MarkdownContent html={article.html} />
      <Alert severity="info" sx={{ mt: 4, maxWidth: 720 }}>
        {t('article.doctorNote')}
      </Alert>
      <Button component={Link} href={routePath('search')} variant="contained" sx={{ mt: 3, minHeight: 48 }}>
        {t('article.findTests')}
      </Button>
    </PageContainer>
  );
}
