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

interface DocumentProps {
  canonicalUrl: string;
  content: Record<ContentLanguage, RenderedContent>;
}

export default function DocumentPage({ canonicalUrl, content }: DocumentProps) {
  const { t, i18n } = useTranslation('catalogue');
  const doc = pickLanguage(content, i18n.language);
  return (
    <PageContainer title={doc.title}>
      <SeoHead title={doc.title} description={doc.summary.slice(0, 160)} canonicalUrl={canonicalUrl} />
      <MarkdownContent html={doc.html} />
      <Button component={Link} href={routePath('documents')} sx={{ mt: 3, minHeight: 48 }}>
        {t('documents.all')}
      </Button>
    </PageContainer>
  );
}

export const getServerSideProps: GetServerSideProps<DocumentProps> = async (ctx) => {
  const [{ getDocument }, { getConfig }] = await Promise.all([import('@/server/catalogue/content'), import('@/server/config')]);
  const slug = ctx.params?.documentSlug;
  const content = typeof slug === 'string' ? await getDocument(slug) : null;
  if (!content || typeof slug !== 'string') return { notFound: true };
  return { props: { canonicalUrl: `${getConfig().appUrl}${routePath('document', { documentSlug: slug })}`, content } };
};
