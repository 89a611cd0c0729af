import { useRouter } from 'next/router';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components';
import { routePath } from '@/lib/routes';
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
  const router = useRouter();
  const resultsTerm = useAppSelector((s) => s.catalogue.search.resultsTerm);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A pending address update must not cancel a navigation the user started (e.g. opening a result
  // right after typing): any route change drops it, and so does leaving the page.
  useEffect(() => {
    const drop = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
    router.events.on('routeChangeStart', drop);
    return () => {
      router.events.off('routeChangeStart', drop);
      drop();
    };
  }, [router.events]);

  // Keeps the term in the URL (?q=) so the search can be shared and reloaded; shallow: no server round trip.
  const keepInUrl = useCallback(
    (term: string) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const q = term.trim();
        void router.replace({ pathname: routePath('search'), query: q ? { q } : {} }, undefined, { shallow: true, scroll: false });
      }, URL_DEBOUNCE_MS);
    },
    [router],
  );

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
