import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { Link } from '@/components/Link';
import { useRouter } from 'next/router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, ListSkeleton, PageContainer } from '@/components';
import { SearchField } from '@/components/SearchField';
import { routePath } from '@/lib/routes';
import { Status } from '@/lib/status';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { analysesRequested, profilesRequested } from '../catalogueSlice';
import { AnalysisList } from './AnalysisList';
import { CategoryTiles } from './CategoryTiles';
import { ProfileList } from './ProfileList';
import { SeoHead } from './SeoHead';

/** Profiles shown on the home page; the rest are on /profiles. */
export const HOME_PROFILES = 4;

function Section({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} sx={{ mt: { xs: 4, sm: 5 }, scrollMarginTop: 80 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
        <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' }, fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

/** The home page: search box, categories, popular analyses, profiles and the preparation article. */
export function HomeView({ canonicalUrl }: { canonicalUrl: string }) {
  const { t } = useTranslation('catalogue');
  const router = useRouter();
  const dispatch = useAppDispatch();
  const [term, setTerm] = useState('');
  const popular = useAppSelector((s) => s.catalogue.popular);
  const { data: profiles, status: profilesStatus } = useAppSelector((s) => s.catalogue.profiles);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const q = term.trim();
    void router.push(q ? { pathname: routePath('search'), query: { q } } : routePath('search'));
  };

  return (
    <PageContainer>
      <SeoHead title={t('home.seoTitle')} description={t('home.seoDescription')} canonicalUrl={canonicalUrl} />
      <Box component="section" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: 3, px: { xs: 2, sm: 4 }, py: { xs: 3, sm: 5 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.25rem' }, fontWeight: 600 }}>
          {t('home.title')}
        </Typography>
        <Typography sx={{ mt: 1, opacity: 0.9, maxWidth: 560 }}>{t('home.subtitle')}</Typography>
        {/* Without JavaScript the form still searches: GET /search?q=... */}
        <Box component="form" role="search" action={routePath('search')} onSubmit={submit} sx={{ mt: 3, display: 'flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' } }}>
          <SearchField
            value={term}
            onChange={setTerm}
            name="q"
            placeholder={t('search.placeholder')}
            inputProps={{ 'aria-label': t('search.label'), enterKeyHint: 'search' }}
          />
          <Button type="submit" variant="contained" color="secondary" size="large" sx={{ minHeight: 56, px: 4, flexShrink: 0, bgcolor: 'background.paper', color: 'primary.main', '&:hover': { bgcolor: 'grey.100' } }}>
            {t('home.searchButton')}
          </Button>
        </Box>
      </Box>

      <Section id="categories" title={t('home.categories')}>
        <CategoryTiles />
      </Section>

      <Section id="popular" title={t('home.popular')}>
        {popular.status === Status.LOADING && <ListSkeleton rows={4} />}
        {popular.status === Status.ERROR && <ErrorState message={t('loadFailed')} onRetry={() => dispatch(analysesRequested())} />}
        {popular.status === Status.SUCCESS && popular.data.length === 0 && (
          <EmptyState icon={<ScienceOutlined fontSize="inherit" />} title={t('home.noPopular')} text={t('home.noPopularText')} />
        )}
        {popular.status === Status.INITIAL && <EmptyState icon={<ScienceOutlined fontSize="inherit" />} title={t('chooseLab')} text={t('chooseLabText')} />}
        {popular.status === Status.SUCCESS && popular.data.length > 0 && <AnalysisList analyses={popular.data} label={t('home.popular')} />}
      </Section>

      <Section
        id="profiles"
        title={t('home.profiles')}
        action={
          profiles.length > HOME_PROFILES ? (
            <Button component={Link} href={routePath('profiles')} sx={{ minHeight: 48 }}>
              {t('home.allProfiles')}
            </Button>
          ) : undefined
        }
      >
        {profilesStatus === Status.LOADING && <ListSkeleton rows={3} />}
        {profilesStatus === Status.ERROR && <ErrorState message={t('loadFailed')} onRetry={() => dispatch(profilesRequested())} />}
        {profilesStatus === Status.SUCCESS && profiles.length === 0 && <EmptyState title={t('profiles.empty')} text={t('profiles.emptyText')} />}
        {profilesStatus === Status.SUCCESS && profiles.length > 0 && <ProfileList profiles={profiles.slice(0, HOME_PROFILES)} label={t('home.profiles')} />}
      </Section>

      <Section id="preparation" title={t('home.preparation')}>
        <Card variant="outlined" sx={{ borderRadius: 2 }}>
          <CardActionArea component={Link} href={routePath('article')} sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'flex-start', minHeight: 72 }}>
            <ArticleOutlined aria-hidden sx={{ fontSize: 40, color: 'primary.main' }} />
            <Box>
              <Typography sx={{ fontWeight: 600 }}>{t('article.title')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('article.teaser')}
              </Typography>
            </Box>
          </CardActionArea>
        </Card>
      </Section>
    </PageContainer>
  );
}
