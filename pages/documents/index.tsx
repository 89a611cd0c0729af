import type { GetServerSideProps } from 'next';
import { routePath } from '@/lib/routes';
import { listDocuments } from '@/server/catalogue/content';
import { canonicalUrl } from '@/server/ssr/catalogue';
import { DocumentsView, type DocumentsProps } from '@/features/catalogue/components/DocumentsView';

export default function DocumentsPage(props: DocumentsProps) {
  return <DocumentsView {...props} />;
}

export const getServerSideProps: GetServerSideProps<DocumentsProps> = async () => {
  return { props: { canonicalUrl: canonicalUrl(routePath('documents')), documents: await listDocuments() } };
};
