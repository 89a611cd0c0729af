import type { GetServerSideProps } from 'next';
import { routePath } from '@/lib/routes';
import { DocumentsView, type DocumentsProps } from '@/features/catalogue/components/DocumentsView';

export default function DocumentsPage(props: DocumentsProps) {
  return <DocumentsView {...props} />;
}

export const getServerSideProps: GetServerSideProps<DocumentsProps> = async () => {
  const [{ listDocuments }, { getConfig }] = await Promise.all([import('@/server/catalogue/content'), import('@/server/config')]);
  return { props: { canonicalUrl: `${getConfig().appUrl}${routePath('documents')}`, documents: await listDocuments() } };
};
