import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Skeleton } from './Skeleton';
import { useTranslation } from 'react-i18next';

// A module of its own, so the pages that show a list's placeholder (home, the catalogue, the cart)
// do not bring MUI's Card with them.
/** Placeholder cards while a grid of cards loads. */
export function CardSkeleton({ cards = 3 }: { cards?: number }) {
  const { t } = useTranslation('common');
  return (
    <Box
      role="progressbar"
      aria-label={t('loading')}
      aria-busy="true"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' } }}
    >
      {Array.from({ length: cards }, (_, i) => (
        <Card key={i} variant="outlined">
          <CardContent>
            <Skeleton variant="text" width="70%" sx={{ fontSize: '1.25rem' }} />
            <Skeleton variant="text" width="90%" />
            <Skeleton variant="text" width="50%" />
            <Skeleton variant="rounded" width={120} height={36} sx={{ mt: 1 }} />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
