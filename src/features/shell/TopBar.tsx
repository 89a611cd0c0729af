import { styled } from '@mui/material/styles';
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
import { TOP_BAR_HEIGHT } from '@/theme/layout';
import { labCity } from '@/shared/catalogueText';

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

/** Material icons' paths (24 px grid), drawn inline: the bar needs four. */
const ICONS = {
  back: 'M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z',
  place: 'M12 2C8.13 2 5 5.13 5 9c0 5.25 7 13 7 13s7-7.75 7-13c0-3.87-3.13-7-7-7M7 9c0-2.76 2.24-5 5-5s5 2.24 5 5c0 2.88-2.88 7.19-5 9.88C9.92 16.21 7 11.85 7 9m5-2.5c-1.38 0-2.5 1.12-2.5 2.5s1.12 2.5 2.5 2.5 2.5-1.12 2.5-2.5-1.12-2.5-2.5-2.5',
  cart: 'M15.55 13c.75 0 1.41-.41 1.75-1.03l3.58-6.49c.37-.66-.11-1.48-.87-1.48H5.21l-.94-2H1v2h2l3.6 7.59-1.35 2.44C4.52 15.37 5.48 17 7 17h12v-2H7l1.1-2zM6.16 6h12.15l-2.76 5H8.53zM7 18c-1.1 0-1.99.9-1.99 2S5.9 22 7 22s2-.9 2-2-.9-2-2-2m10 0c-1.1 0-1.99.9-1.99 2s.89 2 1.99 2 2-.9 2-2-.9-2-2-2',
  person: 'M12 6c1.1 0 2 .9 2 2s-.9 2-2 2-2-.9-2-2 .9-2 2-2m0 9c2.7 0 5.8 1.29 6 2v1H6v-.99c.2-.72 3.3-2.01 6-2.01m0-11C9.79 4 8 5.79 8 8s1.79 4 4 4 4-1.79 4-4-1.79-4-4-4m0 9c-2.67 0-8 1.34-8 4v3h16v-3c0-2.66-5.33-4-8-4',
};

function Icon({ path, className }: { path: string; className?: string }) {
  return (
    <svg className={className ?? 'bar-icon'} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

/**
 * The bar's look (MUI's primary app bar, TOP_BAR_HEIGHT: 56 px on phones, 64 px from `sm`) in one style sheet:
 * its controls are plain links and buttons with class names. Built from AppBar, Toolbar,
 * IconButton, Badge, Avatar and CircularProgress it rendered ~25 styled elements on every server
 * render of every page and brought those components to every page's first JavaScript.
 */
const Bar = styled('header')(({ theme }) => ({
  position: 'sticky',
  top: 0,
  zIndex: theme.zIndex.appBar,
  backgroundColor: theme.palette.primary.main,
  color: theme.palette.primary.contrastText,
  borderBottom: '1px solid rgba(255,255,255,0.12)',
  '& .bar-row': {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(0.5),
    minHeight: TOP_BAR_HEIGHT.xs,
    padding: theme.spacing(0, 1),
    [theme.breakpoints.up('sm')]: { gap: theme.spacing(1), minHeight: TOP_BAR_HEIGHT.sm, padding: theme.spacing(0, 2) },
  },
  '& .bar-icon': { width: 24, height: 24, fill: 'currentColor', flexShrink: 0 },
  '& .bar-round': {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: 48,
    height: 48,
    padding: 0,
    border: 0,
    borderRadius: '50%',
    background: 'none',
    color: 'inherit',
    cursor: 'pointer',
    font: 'inherit',
    textDecoration: 'none',
    '&:hover': { backgroundColor: 'rgba(255,255,255,0.08)' },
  },
  '& .bar-spacer': { width: 48, flexShrink: 0 },
  '& .bar-logo': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: theme.spacing(1),
    // A 48 px target also when the name gives its room to the laboratory chip (the 28 px logo alone).
    minWidth: 48,
    minHeight: 48,
    padding: theme.spacing(0, 0.5),
    borderRadius: theme.shape.borderRadius,
    color: 'inherit',
    textDecoration: 'none',
  },
  '& .bar-logo img': { flexShrink: 0, padding: 2, borderRadius: theme.shape.borderRadius, backgroundColor: theme.palette.common.white, boxSizing: 'border-box' },
  // The name is never cut: on a phone a long one ("Лабораторный магазин", "Sklep laboratoryjny")
  // breaks between its words onto a second line, in a smaller size; from `sm` it stays on one line.
  '& .bar-name': {
    minWidth: 0,
    whiteSpace: 'normal',
    overflowWrap: 'normal',
    wordBreak: 'keep-all',
    hyphens: 'manual',
    fontWeight: 700,
    fontSize: '0.95rem',
    lineHeight: 1.15,
    letterSpacing: 0.2,
    [theme.breakpoints.up('sm')]: { whiteSpace: 'nowrap', fontSize: '1.2rem', lineHeight: 1.5 },
  },
  '& .bar-grow': { flex: 1 },
  // On a phone the shop's name gives its room to the laboratory chip (the logo keeps its name as its label).
  '& .bar-with-lab .bar-name': { [theme.breakpoints.down('sm')]: { display: 'none' } },
  // The active laboratory, city and currency, as a chip (a 44 px target around a 32 px pill); it opens the selector.
  '& .bar-lab': {
    display: 'inline-flex',
    alignItems: 'center',
    minWidth: 0,
    maxWidth: 280,
    minHeight: 44,
    padding: 0,
    border: 0,
    background: 'none',
    color: 'inherit',
    cursor: 'pointer',
    font: 'inherit',
  },
  '& .bar-lab-chip': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: theme.spacing(0.5),
    minWidth: 0,
    height: 32,
    padding: theme.spacing(0, 1.25, 0, 0.75),
    border: '1px solid rgba(255,255,255,0.6)',
    borderRadius: 16,
    fontSize: '0.8125rem',
    fontWeight: 500,
    lineHeight: 1,
    whiteSpace: 'nowrap',
  },
  '& .bar-lab:hover .bar-lab-chip': { backgroundColor: 'rgba(255,255,255,0.12)' },
  '& .bar-lab:focus-visible': { outline: 'none' },
  '& .bar-lab:focus-visible .bar-lab-chip': { outline: `2px solid ${theme.palette.common.white}`, outlineOffset: 2 },
  '& .bar-lab-chip .bar-icon': { width: 18, height: 18 },
  '& .bar-lab-city': { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
  '& .bar-lab-currency': { flexShrink: 0, paddingLeft: theme.spacing(0.5), borderLeft: '1px solid rgba(255,255,255,0.6)' },
  '& .bar-badge': {
    position: 'absolute',
    top: 12,
    right: 12,
    width: 8,
    height: 8,
    borderRadius: '50%',
    backgroundColor: theme.palette.error.main,
    boxShadow: `0 0 0 1px ${theme.palette.primary.main}`,
  },
  '& .bar-spinner': {
    position: 'absolute',
    top: 4,
    left: 4,
    width: 40,
    height: 40,
    opacity: 0.7,
    animation: 'bar-spin 1.4s linear infinite',
  },
  '& .bar-spinner circle': { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeDasharray: '80 200', strokeLinecap: 'round' },
  '@keyframes bar-spin': { to: { transform: 'rotate(360deg)' } },
  '& .bar-avatar': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: AVATAR_SIZE,
    height: AVATAR_SIZE,
    borderRadius: '50%',
    backgroundColor: theme.palette.common.white,
    color: theme.palette.primary.main,
    fontSize: 15,
    fontWeight: 700,
  },
  '& .bar-avatar .bar-icon': { width: 20, height: 20 },
}));

/** Top bar of every page (spec §2): back, logo, laboratory, cart with spinner and badge, avatar opening the menu. */
export function TopBar({ onOpenMenu, menuOpen }: { onOpenMenu: () => void; menuOpen: boolean }) {
  const { t, i18n } = useTranslation('common');
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
    <Bar>
      <div className={laboratory ? 'bar-row bar-with-lab' : 'bar-row'}>
        {back !== null ? (
          <Link href={back} className="bar-round" aria-label={t('back')} data-testid="back-button">
            <Icon path={ICONS.back} />
          </Link>
        ) : (
          <span className="bar-spacer" />
        )}
        <Link href={routes.home.path} className="bar-logo" aria-label={t('logoHome')}>
          {/* eslint-disable-next-line @next/next/no-img-element -- a 28 px SVG logo: next/image has nothing to optimise */}
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className="bar-name">{t('appName')}</span>
        </Link>
        <span className="bar-grow" />
        {laboratory && (
          <button
            type="button"
            className="bar-lab"
            onClick={() => dispatch(selectorOpened())}
            // The visible city and currency, in their order, inside the name (WCAG 2.5.3 label in name).
            aria-label={t('lab.current', { name: [labCity(laboratory, i18n.language), laboratory.currency].filter(Boolean).join(' ') })}
            data-testid="lab-chip"
          >
            <span className="bar-lab-chip">
              <Icon path={ICONS.place} />
              <span className="bar-lab-city">{labCity(laboratory, i18n.language)}</span>
              {/* The space makes the visible text "Gdańsk PLN", as in the name (a flex container does not draw it). */}
              {laboratory.currency && <> <span className="bar-lab-currency">{laboratory.currency}</span></>}
            </span>
          </button>
        )}
        <Link
          href={routes.cart.path}
          onClick={needAccount(routes.cart.path)}
          className="bar-round"
          aria-label={cartHasItems ? `${t('cartLink')}: ${t('cartHasItems')}` : t('cartLink')}
          aria-busy={!cartLoaded}
          data-testid="cart-link"
        >
          <Icon path={ICONS.cart} />
          {cartHasItems && <span className="bar-badge" data-testid="cart-badge" />}
          {!cartLoaded && (
            <svg className="bar-spinner" viewBox="0 0 44 44" role="progressbar" aria-label={t('cartLoading')}>
              <circle cx="22" cy="22" r="20" />
            </svg>
          )}
        </Link>
        <button
          type="button"
          className="bar-round"
          onClick={onOpenMenu}
          // The visible initials start the name (WCAG 2.5.3 label in name).
          aria-label={userInitials ? t('openMenuFor', { initials: userInitials }) : t('openMenu')}
          aria-haspopup="true"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          data-testid="avatar-button"
        >
          <span className="bar-avatar">{userInitials || <Icon path={ICONS.person} />}</span>
        </button>
      </div>
    </Bar>
  );
}
