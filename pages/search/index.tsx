import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components';
import { routePath } from '@/lib/routes';
import { useDebouncedUrlQuery } from '@/lib/hooks/useDebouncedUrlQuery';
import { useAppSelector } from '@/store/hooks';
import { wrapper } from '@/store/wrapper';
import { searchReceived } from '@/features/catalogue/catalogueSlice';
import { SearchView } from '@/features/catalogue/components/SearchView';
import { SeoHead } from '@/features/catalogue/components/SeoHead';
import { listItem } from '@/features/catalogue/rules';

interface SearchProps {
  canonicalUrl: string;
}

/** Pause before the term is written into the address bar. */
const URL_DEBOUNCE_MS = 400;

export default function SearchPage(props: SearchProps) {
  wrapper.useHydration(props);
  const { t } = useTranslation('catalogue');
  const resultsTerm = useAppSelector((s) => s.catalogue.search.resultsTerm);
  // Keeps the term in the URL (?q=) so the search can be shared and reloaded.
  const keepInUrl = useDebouncedUrlQuery(routePath('search'), 'q', URL_DEBOUNCE_MS);

  const title = resultsTerm ? t('search.titleWithTerm', { term: resultsTerm }) : t('search.title');
  return (
    <PageContainer title={t('search.title')}>
      <SeoHead title={title} description={t('search.seoDescription')} canonicalUrl={props.canonicalUrl} />
      <SearchView onTermChange={keepInUrl} autoFocus={!resultsTerm} />
    </PageContainer>
  );
}

export const getServerSideProps = wrapper.getServerSideProps((store) => async (ctx) => {
  const [{ catalogueContext, canonicalUrl }, { searchAnalyses }] = await Promise.all([import('@/server/ssr/catalogue'), import('@/server/services/catalogue')]);
  const raw = ctx.query.q;
  const term = (typeof raw === 'string' ? raw : '').trim().slice(0, 100);
  if (term) {
    const { db, laboratoryId } = await catalogueContext(ctx);
    const data = await searchAnalyses(db, term, laboratoryId ?? undefined);
    store.dispatch(searchReceived({ term, laboratoryId, data: data.map(listItem) }));
  }
  const path = term ? `${routePath('search')}?q=${encodeURIComponent(term)}` : routePath('search');
  return { props: { canonicalUrl: canonicalUrl(path) } satisfies SearchProps };
});
