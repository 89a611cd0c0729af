import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import { Link } from '@/components/Link';
import { useRouter } from 'next/router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { backTargetOrHome } from '@/lib/backTarget';
import { routes } from '@/lib/routes';
import { useAccountAction, selectCurrentUser } from '@/features/auth';
import { selectorOpened } from '@/features/lab';
import { initials, selectCartHasItems, selectCartLoaded } from './shellSelectors';

export const AVATAR_SIZE = 36;

function useBackTarget(): string | null {
  const router = useRouter();
  const { pathname, asPath, query } = router;
  return useMemo(() => {
    const target = backTargetOrHome({ pathname, asPath, query });
    // No back button that leads to the page itself (home's back target is home).
    return target === asPath.split(/[?#]/)[0] ? null : target;
  }, [pathname, asPath, query]);
}

/** Top bar of every page (spec §2): back, logo, laboratory, cart with spinner and badge, avatar opening the menu. */
export function TopBar({ onOpenMenu, menuOpen }: { onOpenMenu: () => void; menuOpen: boolean }) {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const back = useBackTarget();
  const user = useAppSelector(selectCurrentUser);
  const isLoggedIn = useAppSelector((s) => s.auth.isLoggedIn);
  const laboratory = useAppSelector((s) => s.lab.laboratory.data);
  const cartLoaded = useAppSelector(selectCartLoaded);
  const cartHasItems = useAppSelector(selectCartHasItems);
  const userInitials = isLoggedIn && user ? initials(user.firstName, user.lastName) : '';
  // A visitor's cart needs an account: the auth modal opens instead of the cart page.
  const needAccount = useAccountAction();

  return (
    <AppBar position="sticky" elevation={0} sx={{ borderBottom: 1, borderColor: 'rgba(255,255,255,0.12)' }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, minHeight: { xs: 56, sm: 64 }, px: { xs: 1, sm: 2 } }}>
        {back !== null ? (
          <IconButton component={Link} href={back} color="inherit" aria-label={t('back')} data-testid="back-button" sx={{ width: 48, height: 48 }}>
            <ArrowBackIcon />
          </IconButton>
        ) : (
          <Box sx={{ width: 48 }} />
        )}
        <Box
          component={Link}
          href={routes.home.path}
          aria-label={t('logoHome')}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minHeight: 48, minWidth: 0, borderRadius: 1, px: 0.5 }}
        >
          <Box component="img" src="/favicon.svg" alt="" width={28} height={28} sx={{ flexShrink: 0, bgcolor: 'common.white', borderRadius: 1, p: 0.25 }} />
          <Typography component="span" noWrap sx={{ fontWeight: 700, fontSize: { xs: '1.05rem', sm: '1.2rem' }, letterSpacing: 0.2 }}>
            {t('appName')}
          </Typography>
        </Box>
        <Box sx={{ flex: 1 }} />
        {laboratory && (
          <Button
            color="inherit"
            startIcon={<PlaceOutlinedIcon />}
            onClick={() => dispatch(selectorOpened())}
            sx={{ display: { xs: 'none', md: 'inline-flex' }, fontWeight: 500, maxWidth: 280 }}
            aria-label={t('lab.current', { name: laboratory.cityName })}
          >
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {laboratory.cityName}
            </Box>
          </Button>
        )}
        <IconButton
          component={Link}
          href={routes.cart.path}
          onClick={needAccount(routes.cart.path)}
          color="inherit"
          aria-label={cartHasItems ? `${t('cartLink')}: ${t('cartHasItems')}` : t('cartLink')}
          aria-busy={!cartLoaded}
          data-testid="cart-link"
          sx={{ width: 48, height: 48, position: 'relative' }}
        >
          <Badge color="error" variant="dot" invisible={!cartHasItems} overlap="circular" data-testid="cart-badge">
            <ShoppingCartOutlinedIcon />
          </Badge>
          {!cartLoaded && (
            <CircularProgress
              size={40}
              thickness={2}
              color="inherit"
              aria-label={t('cartLoading')}
              sx={{ position: 'absolute', top: 4, left: 4, opacity: 0.7 }}
            />
          )}
        </IconButton>
        <IconButton
          onClick={onOpenMenu}
          // The visible initials start the name (WCAG 2.5.3 label in name).
          aria-label={userInitials ? t('openMenuFor', { initials: userInitials }) : t('openMenu')}
          aria-haspopup="true"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          sx={{ width: 48, height: 48, p: 0.5 }}
          data-testid="avatar-button"
        >
          <Avatar sx={{ width: AVATAR_SIZE, height: AVATAR_SIZE, bgcolor: 'common.white', color: 'primary.main', fontSize: 15, fontWeight: 700 }}>
            {userInitials || <PersonOutlineIcon fontSize="small" />}
          </Avatar>
        </IconButton>
      </Toolbar>
    </AppBar>
  );
}
