import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from 'next/link';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, ListSkeleton, PageContainer } from '@/components';
import type { CategorySlug } from '@/lib/config';
import { routePath } from '@/lib/routes';
import { Status } from '@/lib/status';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { wrapper } from '@/store/wrapper';
import { analysesRequested, categoryReceived } from '@/features/catalogue/catalogueSlice';
import { analysesWithHeader, categoryHeaderId, isCategorySlug, listItem } from '@/features/catalogue/rules';
import { AnalysisList } from '@/features/catalogue/components/AnalysisList';
import { categoryIcons } from '@/features/catalogue/components/CategoryTiles';
import { SeoHead } from '@/features/catalogue/components/SeoHead';

interface CategoryProps {
  canonicalUrl: string;
  slug: CategorySlug;
  headerId: number;
}

/** One of the six category pages: the laboratory's analyses carrying the category's header. */
export default function CategoryPage(props: CategoryProps) {
  wrapper.useHydration(props);
  const { t } = useTranslation('catalogue');
  const dispatch = useAppDispatch();
  const category = useAppSelector((s) => s.catalogue.category);
  // Until this page's data is replayed (client navigation), the previous category must not show.
  const status = category.headerId === props.headerId ? category.status : Status.LOADING;
  const list = category.items;
  const name = t(`categories.${props.slug}.name`);
  return (
    <PageContainer
      title={
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <Box component="span" aria-hidden sx={{ display: 'inline-flex', fontSize: '1.2em' }}>
            {categoryIcons[props.slug]}
          </Box>
          {name}
        </Box>
      }
      subtitle={t(`categories.${props.slug}.description`)}
    >
      <SeoHead title={name} description={t(`categories.${props.slug}.description`)} canonicalUrl={props.canonicalUrl} />
      {status === Status.LOADING && <ListSkeleton rows={6} />}
      {status === Status.INITIAL && <EmptyState title={t('chooseLab')} text={t('chooseLabText')} />}
      {status === Status.ERROR && <ErrorState message={t('loadFailed')} onRetry={() => dispatch(analysesRequested())} />}
      {status === Status.SUCCESS && list.length === 0 && (
        <EmptyState
          title={t('category.empty')}
          text={t('category.emptyText')}
          action={
            <Button component={Link} href={routePath('search')} variant="outlined" sx={{ minHeight: 48 }}>
              {t('category.searchAll')}
            </Button>
          }
        />
      )}
      {status === Status.SUCCESS && list.length > 0 && <AnalysisList analyses={list} label={name} />}
    </PageContainer>
  );
}

export const getServerSideProps = wrapper.getServerSideProps((store) => async (ctx) => {
  const slug = ctx.params?.categorySlug;
  if (typeof slug !== 'string' || !isCategorySlug(slug)) return { notFound: true };
  const headerId = categoryHeaderId(slug);
  if (headerId === null) return { notFound: true };
  const [{ catalogueContext, canonicalUrl }, { listAnalyses }] = await Promise.all([import('@/server/ssr/catalogue'), import('@/server/services/catalogue')]);
  const { db, laboratoryId } = await catalogueContext(ctx);
  if (laboratoryId) {
    const data = analysesWithHeader(await listAnalyses(db, laboratoryId), headerId).map(listItem);
    store.dispatch(categoryReceived({ laboratoryId, headerId, data }));
  }
  return { props: { canonicalUrl: canonicalUrl(routePath('categories', { categorySlug: slug })), slug, headerId } satisfies CategoryProps };
});
