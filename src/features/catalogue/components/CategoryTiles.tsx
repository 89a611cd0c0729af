import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import BiotechOutlined from '@mui/icons-material/BiotechOutlined';
import BloodtypeOutlined from '@mui/icons-material/BloodtypeOutlined';
import GrassOutlined from '@mui/icons-material/GrassOutlined';
import HealthAndSafetyOutlined from '@mui/icons-material/HealthAndSafetyOutlined';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { Link } from '@/components/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_SLUGS, type CategorySlug } from '@/lib/config';
import { routePath } from '@/lib/routes';

export const categoryIcons: Record<CategorySlug, ReactNode> = {
  autoimmune: <HealthAndSafetyOutlined fontSize="inherit" />,
  hormones: <ScienceOutlined fontSize="inherit" />,
  allergology: <GrassOutlined fontSize="inherit" />,
  'general-blood-tests': <BloodtypeOutlined fontSize="inherit" />,
  genetics: <BiotechOutlined fontSize="inherit" />,
  diagnostics: <MonitorHeartOutlined fontSize="inherit" />,
};

/** The six category pages as tiles with icons. */
export function CategoryTiles() {
  const { t } = useTranslation('catalogue');
  return (
    <Box component="ul" aria-label={t('home.categories')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: { xs: 1.5, sm: 2 }, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' } }}>
      {CATEGORY_SLUGS.map((slug) => (
        <Box component="li" key={slug}>
          <Card variant="outlined" sx={{ height: '100%', borderRadius: 2 }}>
            <CardActionArea component={Link} href={routePath('categories', { categorySlug: slug })} sx={{ height: '100%', minHeight: 96, p: 2, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
              <Box aria-hidden sx={{ fontSize: 32, color: 'primary.main', lineHeight: 1 }}>
                {categoryIcons[slug]}
              </Box>
              <Typography sx={{ fontWeight: 600, lineHeight: 1.3 }}>{t(`categories.${slug}.name`)}</Typography>
            </CardActionArea>
          </Card>
        </Box>
      ))}
    </Box>
  );
}
