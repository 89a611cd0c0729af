import type { GetServerSideProps } from 'next';
import { SupportView, type SupportViewProps } from '@/features/support/components/SupportView';

export default function SupportPage(props: SupportViewProps) {
  return <SupportView {...props} />;
}

export const getServerSideProps: GetServerSideProps<SupportViewProps> = async (ctx) => {
  const [{ catalogueContext, canonicalUrl }] = await Promise.all([import('@/server/ssr/catalogue')]);
  const { laboratory } = await catalogueContext(ctx);
  return { props: { canonicalUrl: canonicalUrl('/support'), laboratory } };
};
