import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link } from '@/components/Link';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { ErrorState } from '@/components/ErrorState';
import { ListSkeleton } from '@/components/Skeletons';
import { PageContainer } from '@/components/PageContainer';
import type { CategorySlug } from '@/lib/config';
import { routePath } from '@/lib/routes';
import { Status } from '@/lib/status';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { analysesRequested } from '../catalogueSlice';
import { AnalysisList } from './AnalysisList';
import { categoryIcons } from './CategoryTiles';
import { PageHead } from '@/components/PageHead';

/** Analyses per category page; further ones are on `?page=2`, ... (links that work without JavaScript). */
export const CATEGORY_PAGE_SIZE = 50;

export interface CategoryProps {
  canonicalUrl: string;
  slug: CategorySlug;
  headerId: number;
  /** 1-based page of the list, and the laboratory and number of analyses it was read for. */
  page: number;
  total: number;
  laboratoryId: string | null;
}

function CategoryPager({ slug, page, total }: { slug: CategorySlug; page: number; total: number }) {
  const { t } = useTranslation('catalogue');
  const pages = Math.ceil(total / CATEGORY_PAGE_SIZE);
  if (pages <= 1) return null;
  const href = (n: number) => (n === 1 ? routePath('categories', { categorySlug: slug }) : `${routePath('categories', { categorySlug: slug })}?page=${n}`);
  const from = (page - 1) * CATEGORY_PAGE_SIZE + 1;
  const to = Math.min(total, page * CATEGORY_PAGE_SIZE);
  return (
    <Box component="nav" aria-label={t('category.pages')} sx={{ mt: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {t('category.shown', { from, to, total })}
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {page > 1 && (
          <Button component={Link} href={href(page - 1)} rel="prev" variant="outlined" sx={{ minHeight: 48 }}>
            {t('category.previous')}
          </Button>
        )}
        {page < pages && (
          <Button component={Link} href={href(page + 1)} rel="next" variant="outlined" sx={{ minHeight: 48 }}>
            {t('category.next')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** One of the six category pages: the laboratory's analyses carrying the category's header. */
export function CategoryView(props: CategoryProps) {
  const { t } = useTranslation('catalogue');
  const dispatch = useAppDispatch();
  const category = useAppSelector((s) => s.catalogue.category);
  // Until this page's data is replayed (client navigation), the previous category must not show.
  const status = category.headerId === props.headerId ? category.status : Status.LOADING;
  // The server sends one page. After the laboratory changes in the browser, the list is derived from
  // all of the laboratory's analyses: this page's slice of it is shown.
  const fromServer = category.laboratoryId === props.laboratoryId;
  const all = category.data;
  const list = fromServer ? all : all.slice((props.page - 1) * CATEGORY_PAGE_SIZE, props.page * CATEGORY_PAGE_SIZE);
  const total = fromServer ? props.total : all.length;
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
      <PageHead title={name} description={t(`categories.${props.slug}.description`)} canonicalUrl={props.canonicalUrl} />
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
      {status === Status.SUCCESS && list.length > 0 && (
        <>
          <AnalysisList analyses={list} label={name} />
          <CategoryPager slug={props.slug} page={props.page} total={total} />
        </>
      )}
    </PageContainer>
  );
}
