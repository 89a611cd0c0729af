import { routePath } from '@/lib/routes';
import { wrapper } from '@/store/wrapper';
import { searchReceived } from '@/features/catalogue/catalogueSlice';
import { SearchPageView, type SearchProps } from '@/features/catalogue/components/SearchPageView';
import { listItem } from '@/features/catalogue/rules';
import { searchAnalyses } from '@/server/catalogue/catalogue';
import { catalogueContext, canonicalUrl } from '@/server/ssr/catalogue';

export default function SearchPage(props: SearchProps) {
  wrapper.useHydration(props);
  return <SearchPageView {...props} />;
}

export const getServerSideProps = wrapper.getServerSideProps((store) => async (ctx) => {
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
