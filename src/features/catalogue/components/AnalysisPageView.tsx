import { useRouter } from 'next/router';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ErrorState';
import { ListSkeleton } from '@/components/Skeletons';
import { PageContainer } from '@/components/PageContainer';
import { Status } from '@/lib/status';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { analysisRequested } from '../catalogueSlice';
import { AnalysisCard } from './AnalysisCard';
import { PageHead } from '@/components/PageHead';
import { useLanguage } from '@/i18n/useLanguage';
import { localDescription, localName } from '@/shared/catalogueText';

export interface AnalysisPageProps {
  canonicalUrl: string;
  analysisId: number;
}

export function AnalysisPageView(props: AnalysisPageProps) {
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
      <PageHead title={name} description={description.slice(0, 160)} canonicalUrl={props.canonicalUrl} />
      <AnalysisCard analysis={analysis} />
    </PageContainer>
  );
}
