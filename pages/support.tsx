import type { GetServerSideProps } from 'next';
import { SupportView, type SupportViewProps } from '@/features/support/components/SupportView';
import { catalogueContext, canonicalUrl } from '@/server/ssr/catalogue';

export default function SupportPage(props: SupportViewProps) {
  return <SupportView {...props} />;
}

export const getServerSideProps: GetServerSideProps<SupportViewProps> = async (ctx) => {
  const { laboratory } = await catalogueContext(ctx);
  return { props: { canonicalUrl: canonicalUrl('/support'), laboratory } };
};
