import { useRouter } from 'next/router';
import { useTranslation } from 'react-i18next';
import { ErrorState, ListSkeleton, PageContainer } from '@/components';
import { Status } from '@/lib/status';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { wrapper } from '@/store/wrapper';
import { analysisReceived, analysisRequested } from '@/features/catalogue/catalogueSlice';
import { AnalysisCard } from '@/features/catalogue/components/AnalysisCard';
import { SeoHead } from '@/features/catalogue/components/SeoHead';
import { idFrom } from '@/lib/ids';
import { useLanguage } from '@/i18n/useLanguage';
import { localDescription, localName } from '@/lib/catalogueText';

interface AnalysisPageProps {
  canonicalUrl: string;
  analysisId: number;
}

export default function AnalysisPage(props: AnalysisPageProps) {
  wrapper.useHydration(props);
  const { t } = useTranslation('catalogue');
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const router = useRouter();
  const card = useAppSelector((s) => s.catalogue.analysis);
  const analysis = card.data?.id === props.analysisId ? card.data : null;

  if (!analysis) {
    return (
      <PageContainer title={t('analysis.title')}>
        {card.status === Status.ERROR && card.id === props.analysisId ? (
          card.error?.status === 404 ? (
            <ErrorState message={t('analysis.notFound')} onRetry={() => void router.push('/search')} />
          ) : (
            <ErrorState message={t('loadFailed')} onRetry={() => dispatch(analysisRequested(props.analysisId))} />
          )
        ) : (
          <ListSkeleton rows={5} />
        )}
      </PageContainer>
    );
  }
  const name = localName(analysis, language);
  const description = localDescription(analysis, language) || t('analysis.seoDescription', { name, code: analysis.code });
  return (
    <PageContainer title={name}>
      <SeoHead title={name} description={description.slice(0, 160)} canonicalUrl={props.canonicalUrl} />
      <AnalysisCard analysis={analysis} />
    </PageContainer>
  );
}

export const getServerSideProps = wrapper.getServerSideProps((store) => async (ctx) => {
  const [{ catalogueContext, canonicalUrl, isNotFound }, { getAnalysis }] = await Promise.all([
    import('@/server/ssr/catalogue'),
    import('@/server/services/catalogue'),
  ]);
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
