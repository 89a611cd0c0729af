import { routePath } from '@/lib/routes';
import { wrapper } from '@/store/wrapper';
import { categoryReceived } from '@/features/catalogue/catalogueSlice';
import { categoryHeaderId, isCategorySlug, listItem } from '@/features/catalogue/rules';
import { CATEGORY_PAGE_SIZE, CategoryView, type CategoryProps } from '@/features/catalogue/components/CategoryView';
import { listAnalysesWithHeader } from '@/server/catalogue/catalogue';
import { catalogueContext, canonicalUrl, pageOf } from '@/server/ssr/catalogue';

export { CATEGORY_PAGE_SIZE };

export default function CategoryPage(props: CategoryProps) {
  wrapper.useHydration(props);
  return <CategoryView {...props} />;
}

export const getServerSideProps = wrapper.getServerSideProps((store) => async (ctx) => {
  const slug = ctx.params?.categorySlug;
  if (typeof slug !== 'string' || !isCategorySlug(slug)) return { notFound: true };
  const headerId = categoryHeaderId(slug);
  if (headerId === null) return { notFound: true };
  const page = pageOf(ctx.query.page);
  const { db, laboratoryId } = await catalogueContext(ctx);
  let total = 0;
  if (laboratoryId) {
    // Only this page's analyses are read (through the header index), whatever the catalogue's size.
    const found = await listAnalysesWithHeader(db, laboratoryId, headerId, { limit: CATEGORY_PAGE_SIZE, offset: (page - 1) * CATEGORY_PAGE_SIZE });
    if (page > 1 && found.items.length === 0) return { notFound: true };
    total = found.total;
    store.dispatch(categoryReceived({ laboratoryId, headerId, data: found.items.map(listItem) }));
  }
  const path = routePath('categories', { categorySlug: slug });
  return {
    props: { canonicalUrl: canonicalUrl(page > 1 ? `${path}?page=${page}` : path), slug, headerId, page, total, laboratoryId: laboratoryId ?? null } satisfies CategoryProps,
  };
});
