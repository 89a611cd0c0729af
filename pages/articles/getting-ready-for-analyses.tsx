import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { GetServerSideProps } from 'next';
import Link from 'next/link';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components';
import { routePath } from '@/lib/routes';
import type { ContentLanguage, RenderedContent } from '@/server/catalogue/content';
import { MarkdownContent } from '@/features/catalogue/components/MarkdownContent';
import { SeoHead } from '@/features/catalogue/components/SeoHead';
import { pickLanguage } from '@/features/catalogue/contentLanguage';

interface ArticleProps {
  canonicalUrl: string;
  content: Record<ContentLanguage, RenderedContent>;
}

/** The article of key gettingReadyForAnalyzes: how to prepare for the tests. */
export default function ArticlePage({ canonicalUrl, content }: ArticleProps) {
  const { t, i18n } = useTranslation('catalogue');
  const article = pickLanguage(content, i18n.language);
  return (
    <PageContainer title={article.title}>
      <SeoHead title={article.title} description={article.summary.slice(0, 160)} canonicalUrl={canonicalUrl} />
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

export const getServerSideProps: GetServerSideProps<ArticleProps> = async () => {
  const [{ getArticle }, { getConfig }] = await Promise.all([import('@/server/catalogue/content'), import('@/server/config')]);
  const content = await getArticle('gettingReadyForAnalyzes');
  if (!content) return { notFound: true };
  return { props: { canonicalUrl: `${getConfig().appUrl}${routePath('article')}`, content } };
};
