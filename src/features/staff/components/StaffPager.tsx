import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useTranslation } from 'react-i18next';
import type { PagedList } from './usePagedList';

/** Previous and next page of a console list, with the page number; hidden when all fits on one page. */
export function StaffPager({ list, label }: { list: Pick<PagedList<unknown>, 'page' | 'hasNext' | 'next' | 'previous'>; label: string }) {
  const { t } = useTranslation('staff');
  if (list.page === 1 && !list.hasNext) return null;
  return (
    <Box component="nav" aria-label={t('pager.label', { list: label })} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 2 }}>
      <Button variant="outlined" startIcon={<ChevronLeft />} disabled={list.page === 1} onClick={list.previous} sx={{ minHeight: 48 }}>
        {t('pager.previous')}
      </Button>
      <Typography variant="body2" aria-live="polite">
        {t('pager.page', { page: list.page })}
      </Typography>
      <Button variant="outlined" endIcon={<ChevronRight />} disabled={!list.hasNext} onClick={list.next} sx={{ minHeight: 48 }}>
        {t('pager.next')}
      </Button>
    </Box>
  );
}
