import { styled } from '@mui/material/styles';
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
import { cardLinkLook } from '@/components/plainLooks';

export const categoryIcons: Record<CategorySlug, ReactNode> = {
  autoimmune: <HealthAndSafetyOutlined fontSize="inherit" />,
  hormones: <ScienceOutlined fontSize="inherit" />,
  allergology: <GrassOutlined fontSize="inherit" />,
  'general-blood-tests': <BloodtypeOutlined fontSize="inherit" />,
  genetics: <BiotechOutlined fontSize="inherit" />,
  diagnostics: <MonitorHeartOutlined fontSize="inherit" />,
};

/** Outlined cards in a grid (two columns on phones, three from `sm`), one style sheet for all six. */
const Tiles = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: theme.spacing(1.5),
  gridTemplateColumns: 'repeat(2, 1fr)',
  [theme.breakpoints.up('sm')]: { gap: theme.spacing(2), gridTemplateColumns: 'repeat(3, 1fr)' },
  '& .tile': {
    boxSizing: 'border-box',
    height: '100%',
    minHeight: 96,
    padding: theme.spacing(2),
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: theme.spacing(1),
    ...cardLinkLook(theme),
  },
  '& .tile-icon': { display: 'flex', fontSize: 32, lineHeight: 1, color: theme.palette.primary.main },
  '& .tile-name': { ...theme.typography.body1, fontWeight: 600, lineHeight: 1.3 },
}));

/** The six category pages as tiles with icons. */
export function CategoryTiles() {
  const { t } = useTranslation('catalogue');
  return (
    <Tiles aria-label={t('home.categories')}>
      {CATEGORY_SLUGS.map((slug) => (
        <li key={slug}>
          <Link href={routePath('categories', { categorySlug: slug })} className="tile">
            <span className="tile-icon" aria-hidden="true">
              {categoryIcons[slug]}
            </span>
            <span className="tile-name">{t(`categories.${slug}.name`)}</span>
          </Link>
        </li>
      ))}
    </Tiles>
  );
}
