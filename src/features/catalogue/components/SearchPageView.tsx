import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/PageContainer';
import { routePath } from '@/lib/routes';
import { useDebouncedUrlQuery } from '@/lib/hooks/useDebouncedUrlQuery';
import { useAppSelector } from '@/store/hooks';
import { SearchView } from './SearchView';
import { PageHead } from '@/components/PageHead';

export interface SearchProps {
  canonicalUrl: string;
}

/** Pause before the term is written into the address bar. */
const URL_DEBOUNCE_MS = 400;

/** `/search`: the search field and its results, the term kept in the address (`?q=`). */
export function SearchPageView(props: SearchProps) {
  const { t } = useTranslation('catalogue');
  const resultsTerm = useAppSelector((s) => s.catalogue.search.resultsTerm);
  // Keeps the term in the URL (?q=) so the search can be shared and reloaded.
  const keepInUrl = useDebouncedUrlQuery(routePath('search'), 'q', URL_DEBOUNCE_MS);

  const title = resultsTerm ? t('search.titleWithTerm', { term: resultsTerm }) : t('search.title');
  return (
    <PageContainer title={t('search.title')}>
      <PageHead title={title} description={t('search.seoDescription')} canonicalUrl={props.canonicalUrl} />
      <SearchView onTermChange={keepInUrl} autoFocus={!resultsTerm} />
    </PageContainer>
  );
}
