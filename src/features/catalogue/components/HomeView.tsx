import { styled } from '@mui/material/styles';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { Link } from '@/components/Link';
import { useRouter } from 'next/router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { ErrorState } from '@/components/ErrorState';
import { ListSkeleton } from '@/components/Skeletons';
import { PageContainer } from '@/components/PageContainer';
import { SearchField } from '@/components/SearchField';
import { cardLinkLook, containedButtonLook, textButtonLook } from '@/components/plainLooks';
import { routePath } from '@/lib/routes';
import { Status } from '@/lib/status';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { analysesRequested, profilesRequested } from '../catalogueSlice';
import { AnalysisList } from './AnalysisList';
import { CategoryTiles } from './CategoryTiles';
import { ProfileList } from './ProfileList';
import { PageHead } from '@/components/PageHead';

/** Profiles shown on the home page; the rest are on /profiles. */
export const HOME_PROFILES = 4;

function Section({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="home-section">
      <div className="home-section-head">
        <h2 id={`${id}-title`} className="home-section-title">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** MUI's "ArticleOutlined" icon. */
function ArticleIcon() {
  return (
    <svg className="home-article-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M19 5v14H5V5zm0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2" />
      <path d="M14 17H7v-2h7zm3-4H7v-2h10zm0-4H7V7h10z" />
    </svg>
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
      <PageHead title={t('home.seoTitle')} description={t('home.seoDescription')} canonicalUrl={canonicalUrl} />
      <Home>
        <section className="home-hero">
          <h1 className="home-title">{t('home.title')}</h1>
          <p className="home-subtitle">{t('home.subtitle')}</p>
          {/* Without JavaScript the form still searches: GET /search?q=... */}
          <form role="search" action={routePath('search')} onSubmit={submit} className="home-search">
            <SearchField
              value={term}
              onChange={setTerm}
              name="q"
              placeholder={t('search.placeholder')}
              inputProps={{ 'aria-label': t('search.label'), enterKeyHint: 'search' }}
            />
            <button type="submit" className="home-search-button">
              {t('home.searchButton')}
            </button>
          </form>
        </section>

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
              <Link href={routePath('profiles')} className="home-all-profiles">
                {t('home.allProfiles')}
              </Link>
            ) : undefined
          }
        >
          {profilesStatus === Status.LOADING && <ListSkeleton rows={3} />}
          {profilesStatus === Status.ERROR && <ErrorState message={t('loadFailed')} onRetry={() => dispatch(profilesRequested())} />}
          {profilesStatus === Status.SUCCESS && profiles.length === 0 && <EmptyState title={t('profiles.empty')} text={t('profiles.emptyText')} />}
          {profilesStatus === Status.SUCCESS && profiles.length > 0 && <ProfileList profiles={profiles.slice(0, HOME_PROFILES)} label={t('home.profiles')} />}
        </Section>

        <Section id="paste-list" title={t('home.pasteListTitle')}>
          <Link href="/order/paste">{t('home.pasteList')}</Link>
        </Section>

        <Section id="preparation" title={t('home.preparation')}>
          <Link href={routePath('article')} className="home-article">
            <ArticleIcon />
            <span>
              <span className="home-article-title">{t('article.title')}</span>
              <span className="home-article-teaser">{t('article.teaser')}</span>
            </span>
          </Link>
        </Section>
      </Home>
    </PageContainer>
  );
}

/**
 * The page's own parts as plain elements under one style sheet (the hero with its search, section
 * headings, the "All profiles" link and the article card), in the look of MUI's Typography, Button,
 * Card and CardActionArea they replace: the page every visitor starts on hydrates elements, not
 * MUI's composite components, whose intermediate styles Emotion would compile in the browser.
 */
const Home = styled('div')(({ theme }) => ({
  '& .home-hero': {
    backgroundColor: theme.palette.primary.main,
    color: theme.palette.primary.contrastText,
    borderRadius: Number(theme.shape.borderRadius) * 3,
    padding: theme.spacing(3, 2),
    [theme.breakpoints.up('sm')]: { padding: theme.spacing(5, 4) },
  },
  '& .home-title': { ...theme.typography.h1, margin: 0, fontSize: '1.6rem', fontWeight: 600, [theme.breakpoints.up('sm')]: { fontSize: '2.25rem' } },
  '& .home-subtitle': { ...theme.typography.body1, margin: theme.spacing(1, 0, 0), opacity: 0.9, maxWidth: 560 },
  '& .home-search': { marginTop: theme.spacing(3), display: 'flex', gap: theme.spacing(1), flexDirection: 'column', [theme.breakpoints.up('sm')]: { flexDirection: 'row' } },
  '& .home-search-button': {
    ...textButtonLook(theme),
    ...containedButtonLook(theme),
    fontSize: '0.9375rem',
    minHeight: 56,
    padding: theme.spacing(1, 4),
    flexShrink: 0,
    backgroundColor: theme.palette.background.paper,
    color: theme.palette.primary.main,
    '&:hover': { backgroundColor: theme.palette.grey[100] },
  },
  '& .home-section': { marginTop: theme.spacing(4), scrollMarginTop: 80, [theme.breakpoints.up('sm')]: { marginTop: theme.spacing(5) } },
  '& .home-section-head': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: theme.spacing(1), marginBottom: theme.spacing(1.5) },
  '& .home-section-title': { ...theme.typography.h2, margin: 0, fontSize: '1.25rem', fontWeight: 600, [theme.breakpoints.up('sm')]: { fontSize: '1.5rem' } },
  '& .home-all-profiles': { ...textButtonLook(theme), textDecoration: 'none' },
  '& .home-article': {
    display: 'flex',
    gap: theme.spacing(2),
    alignItems: 'center',
    minHeight: 72,
    padding: theme.spacing(2),
    ...cardLinkLook(theme),
  },
  '& .home-article-icon': { width: 40, height: 40, flexShrink: 0, fill: theme.palette.primary.main },
  '& .home-article-title': { ...theme.typography.body1, display: 'block', fontWeight: 600 },
  '& .home-article-teaser': { ...theme.typography.body2, display: 'block', color: theme.palette.text.secondary },
}));
