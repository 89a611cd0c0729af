import Box from '@mui/material/Box';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LabSelectorModal } from '@/features/lab';
import { AuthModalHost } from '@/features/auth';
import { CookieBanner } from './CookieBanner';
import { MainMenu } from './MainMenu';
import { RouteProgress } from './RouteProgress';
import { TopBar } from './TopBar';
import { useStartUp } from './useStartUp';

/** The frame of every page (spec §2): skip link, loading bar, top bar, menu, laboratory selector, cookie banner. */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [menuOpen, setMenuOpen] = useState(false);
  useStartUp();
  return (
    <>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -100,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          bgcolor: 'background.paper',
          color: 'primary.main',
          px: 2,
          py: 1.5,
          borderRadius: 1,
          fontWeight: 600,
          '&:focus': { top: 8 },
        }}
      >
        {t('skipToContent')}
      </Box>
      <RouteProgress />
      <TopBar onOpenMenu={() => setMenuOpen(true)} menuOpen={menuOpen} />
      <MainMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ outline: 'none', pb: 'calc(var(--cookie-banner-height, 0px) + 32px)', minHeight: 'calc(100vh - 64px)' }}>
        {children}
      </Box>
      <LabSelectorModal />
      <AuthModalHost />
      <CookieBanner />
    </>
  );
}
