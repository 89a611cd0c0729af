import Box from '@mui/material/Box';
import { Skeleton } from './Skeleton';
import { useTranslation } from 'react-i18next';

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation('common');
  return (
    <Box role="progressbar" aria-label={t('loading')} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5 }}>
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flex: 1 }}>
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="text" width="35%" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
