import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import SearchOff from '@mui/icons-material/SearchOff';
import { Link } from '@/components/Link';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { SearchField } from '@/components/SearchField';
import { ErrorState } from '@/components/ErrorState';
import { ListSkeleton } from '@/components/Skeletons';
import { Status } from '@/lib/status';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { searchRetried, searchTermChanged } from '../catalogueSlice';
import { AnalysisList } from './AnalysisList';

export interface SearchViewProps {
  /** Called with every new term (the page keeps it in the URL). */
  onTermChange?: (term: string) => void;
  autoFocus?: boolean;
}

/** Search box with results as the user types, and loading, empty and error states. */
export function SearchView({ onTermChange, autoFocus }: SearchViewProps) {
  const { t } = useTranslation('catalogue');
  const dispatch = useAppDispatch();
  const search = useAppSelector((s) => s.catalogue.search);
  const term = search.term;

  const change = (value: string) => {
    dispatch(searchTermChanged(value));
    onTermChange?.(value);
  };

  return (
    <Box>
      <Box component="form" role="search" onSubmit={(e) => e.preventDefault()} sx={{ mb: 2 }}>
        <SearchField
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={term}
          autoFocus={autoFocus}
          onChange={change}
          inputProps={{ enterKeyHint: 'search', autoComplete: 'off', 'aria-describedby': 'search-hint' }}
        />
        <Typography id="search-hint" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('search.hint')}
        </Typography>
      </Box>
      <Box aria-live="polite" aria-busy={search.status === Status.LOADING}>
        {search.status === Status.INITIAL && (
          <EmptyState icon={<SearchIcon fontSize="inherit" />} title={t('search.initialTitle')} text={t('search.initialText')} />
        )}
        {search.status === Status.LOADING && <ListSkeleton rows={5} />}
        {search.status === Status.ERROR && <ErrorState message={t('search.error')} onRetry={() => dispatch(searchRetried())} />}
        {search.status === Status.SUCCESS && search.data.length === 0 && (
          <EmptyState
            icon={<SearchOff fontSize="inherit" />}
            title={t('search.empty', { term: search.resultsTerm })}
            text={t('search.emptyText')}
            action={
              <Button component={Link} href="/#categories" variant="outlined" sx={{ minHeight: 48 }}>
                {t('search.browseCategories')}
              </Button>
            }
          />
        )}
        {search.status === Status.SUCCESS && search.data.length > 0 && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('search.count', { count: search.data.length, term: search.resultsTerm })}
            </Typography>
            <AnalysisList analyses={search.data} label={t('search.resultsLabel')} />
          </>
        )}
      </Box>
    </Box>
  );
}
