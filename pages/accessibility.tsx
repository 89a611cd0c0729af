import type { GetServerSideProps } from 'next';
import { AccessibilityStatement, type AccessibilityStatementProps } from '@/features/support/components/AccessibilityStatement';
import { catalogueContext, canonicalUrl } from '@/server/ssr/catalogue';

export default function AccessibilityPage(props: AccessibilityStatementProps) {
  return <AccessibilityStatement {...props} />;
}

export const getServerSideProps: GetServerSideProps<AccessibilityStatementProps> = async (ctx) => {
  const { laboratory } = await catalogueContext(ctx);
  return { props: { canonicalUrl: canonicalUrl('/accessibility'), laboratory } };
};
