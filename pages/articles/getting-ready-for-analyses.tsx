import type { GetServerSideProps } from 'next';
import { routePath } from '@/lib/routes';
import { getArticle } from '@/server/catalogue/content';
import { canonicalUrl } from '@/server/ssr/catalogue';
import { ArticleView } from '@/features/catalogue/components/ArticleView';
import type { ContentPageProps } from '@/features/catalogue/contentLanguage';

export default function ArticlePage(props: ContentPageProps) {
  return <ArticleView {...props} />;
}

export const getServerSideProps: GetServerSideProps<ContentPageProps> = async () => {
  const content = await getArticle('gettingReadyForAnalyzes');
  if (!content) return { notFound: true };
  return { props: { canonicalUrl: canonicalUrl(routePath('article')), content } };
};
