import type { GetServerSideProps } from 'next';
import { routePath } from '@/lib/routes';
import { getDocument } from '@/server/catalogue/content';
import { canonicalUrl } from '@/server/ssr/catalogue';
import { DocumentView } from '@/features/catalogue/components/DocumentView';
import type { ContentPageProps } from '@/features/catalogue/contentLanguage';

export default function DocumentPage(props: ContentPageProps) {
  return <DocumentView {...props} />;
}

export const getServerSideProps: GetServerSideProps<ContentPageProps> = async (ctx) => {
  const slug = ctx.params?.documentSlug;
  const content = typeof slug === 'string' ? await getDocument(slug) : null;
  if (!content || typeof slug !== 'string') return { notFound: true };
  return { props: { canonicalUrl: canonicalUrl(routePath('document', { documentSlug: slug })), content } };
};
