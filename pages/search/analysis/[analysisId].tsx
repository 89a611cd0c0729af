import { wrapper } from '@/store/wrapper';
import { AnalysisPageView, type AnalysisPageProps } from '@/features/catalogue/components/AnalysisPageView';
import { analysisReceived } from '@/features/catalogue/catalogueSlice';
import { idFrom } from '@/shared/ids';
import { getAnalysis } from '@/server/catalogue/catalogue';
import { catalogueContext, canonicalUrl, isNotFound } from '@/server/ssr/catalogue';

export default function AnalysisPage(props: AnalysisPageProps) {
  wrapper.useHydration(props);
  return <AnalysisPageView {...props} />;
}

export const getServerSideProps = wrapper.getServerSideProps((store) => async (ctx) => {
  const id = idFrom(ctx.params?.analysisId);
  if (id === null) return { notFound: true };
  const { db, laboratoryId } = await catalogueContext(ctx);
  try {
    const data = await getAnalysis(db, id, laboratoryId ?? undefined);
    store.dispatch(analysisReceived({ laboratoryId, data }));
  } catch (e) {
    if (isNotFound(e)) return { notFound: true };
    throw e;
  }
  return { props: { canonicalUrl: canonicalUrl(`/search/analysis/${id}`), analysisId: id } satisfies AnalysisPageProps };
});
