import { styled } from '@mui/material/styles';
import Link from 'next/link';
import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LabSelectorHost } from '@/features/lab';
import { AuthModalHost } from '@/features/auth';
import { CookieBanner } from './CookieBanner';
import { RouteProgress } from './RouteProgress';
import { TopBar } from './TopBar';
import { useStartUp } from './useStartUp';
import { useOpenedOnce } from '@/lib/useOpenedOnce';
import { BANNER_HEIGHT_VAR, TOP_BAR_HEIGHT } from '@/theme/layout';

// The menu (a drawer with its list, language switcher and sign-out dialog) loads when first opened.
const MainMenu = dynamic(() => import('./MainMenu').then((m) => m.MainMenu), { ssr: false });

/** The frame of every page (spec §2): skip link, loading bar, top bar, menu, footer, laboratory selector, cookie banner. */
export function AppShell({ children, cookiesAccepted }: { children: ReactNode; cookiesAccepted?: boolean }) {
  const { t } = useTranslation('common');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuUsed = useOpenedOnce(menuOpen);
  useStartUp();
  return (
    <>
      <SkipLink href="#main-content">{t('skipToContent')}</SkipLink>
      <RouteProgress />
      <TopBar onOpenMenu={() => setMenuOpen(true)} menuOpen={menuOpen} />
      {menuUsed && <MainMenu open={menuOpen} onClose={() => setMenuOpen(false)} />}
      <Main id="main-content" tabIndex={-1}>
        {children}
      </Main>
      <Footer aria-label={t('footer.label')}>
        {/* No prefetch on sight: on short pages the footer is visible at once, and its two pages'
            scripts would be downloaded by every first visit (pointing at a link still prefetches). */}
        <Link href="/accessibility" prefetch={false}>
          {t('footer.accessibility')}
        </Link>
        <Link href="/support" prefetch={false}>
          {t('footer.support')}
        </Link>
      </Footer>
      <LabSelectorHost />
      <AuthModalHost />
      <CookieBanner acceptedOnServer={cookiesAccepted} />
    </>
  );
}

/** Off screen until focused by the keyboard: the first stop of every page. */
const SkipLink = styled('a')(({ theme }) => ({
  position: 'absolute',
  left: 8,
  top: -100,
  zIndex: theme.zIndex.tooltip + 1,
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.primary.main,
  padding: theme.spacing(1.5, 2),
  borderRadius: theme.shape.borderRadius,
  fontWeight: 600,
  '&:focus': { top: 8 },
}));

/** The footer of every page: the accessibility statement and support; clear of the cookie banner. */
const Footer = styled('footer')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.spacing(1, 3),
  justifyContent: 'center',
  padding: theme.spacing(2, 2, 3),
  marginBottom: `var(${BANNER_HEIGHT_VAR}, 0px)`,
  borderTop: `1px solid ${theme.palette.divider}`,
  '& a': { color: theme.palette.primary.main, minHeight: 48, minWidth: 48, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', padding: theme.spacing(0, 1) },
}));

/** The page; its bottom keeps clear of the cookie banner while that is shown. */
const Main = styled('main')({
  outline: 'none',
  paddingBottom: 32,
  minHeight: `calc(100vh - ${TOP_BAR_HEIGHT.sm}px)`,
});
