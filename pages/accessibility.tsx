import type { GetServerSideProps } from 'next';
import { AccessibilityStatement, type AccessibilityStatementProps } from '@/features/support/components/AccessibilityStatement';

export default function AccessibilityPage(props: AccessibilityStatementProps) {
  return <AccessibilityStatement {...props} />;
}

export const getServerSideProps: GetServerSideProps<AccessibilityStatementProps> = async (ctx) => {
  const [{ catalogueContext, canonicalUrl }] = await Promise.all([import('@/server/ssr/catalogue')]);
  const { laboratory } = await catalogueContext(ctx);
  return { props: { canonicalUrl: canonicalUrl('/accessibility'), laboratory } };
};
