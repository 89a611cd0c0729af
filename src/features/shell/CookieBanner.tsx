import { styled } from '@mui/material/styles';
import Cookies from 'js-cookie';
import { useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { cookieValue } from '@/shared/cookies';
import { containedButtonLook, textButtonLook } from '@/components/plainLooks';
import { BANNER_HEIGHT_VAR } from '@/theme/layout';
import { useHeightVar } from '@/lib/useHeightVar';

/** Cookie consent (spec §3, §9): the cookie `acceptCookie`, kept 150 days. */
export const ACCEPT_COOKIE = 'acceptCookie';
export const ACCEPT_COOKIE_DAYS = 150;

const subscribe = () => () => undefined;

/** Whether a Cookie header (or `document.cookie`) holds the consent cookie. */
export function hasAcceptCookie(cookieHeader: string | undefined | null): boolean {
  return cookieValue(cookieHeader, ACCEPT_COOKIE) !== null;
}

/**
 * At the bottom of every page until the consent cookie exists. `acceptedOnServer` is what the
 * server read from the request's cookies (`_app`): a first visit gets the banner in its server HTML,
 * so it paints with the page instead of after hydration; without it the banner is decided in the
 * browser after hydration.
 */
export function CookieBanner({ acceptedOnServer = true }: { acceptedOnServer?: boolean }) {
  const { t } = useTranslation('common');
  // Server and hydration: what the server saw; then the browser's own cookie.
  const hasCookie = useSyncExternalStore(
    subscribe,
    () => Cookies.get(ACCEPT_COOKIE) !== undefined,
    () => acceptedOnServer,
  );
  const [accepted, setAccepted] = useState(false);
  const visible = !hasCookie && !accepted;
  const ref = useRef<HTMLDivElement>(null);
  useHeightVar(ref, BANNER_HEIGHT_VAR, visible);
  if (!visible) return null;
  const accept = () => {
    Cookies.set(ACCEPT_COOKIE, 'true', { expires: ACCEPT_COOKIE_DAYS, sameSite: 'lax', path: '/' });
    setAccepted(true);
  };
  return (
    <Banner ref={ref} role="region" aria-label={t('cookie.label')}>
      <div className="cookie-row">
        <p className="cookie-text">{t('cookie.text')}</p>
        {/* Each language its own word: the spec's «Принять» is the Russian locale's (docs/spec-decisions.md). */}
        <button type="button" onClick={accept} className="cookie-accept">
          {t('cookie.accept')}
        </button>
      </div>
    </Banner>
  );
}

/** A raised sheet fixed to the bottom edge (one style sheet, a plain button: it is on every first visitor's page). */
const Banner = styled('div')(({ theme }) => ({
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: 10000,
  padding: theme.spacing(1.5, 2),
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.primary,
  boxShadow: theme.shadows[8],
  borderTop: `3px solid ${theme.palette.primary.main}`,
  [theme.breakpoints.up('sm')]: { padding: theme.spacing(1.5, 3) },
  '& .cookie-row': {
    maxWidth: 1100,
    margin: '0 auto',
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(2),
    flexDirection: 'column',
    [theme.breakpoints.up('sm')]: { flexDirection: 'row' },
  },
  '& .cookie-text': { ...theme.typography.body2, flex: 1, margin: 0 },
  '& .cookie-accept': { ...textButtonLook(theme), ...containedButtonLook(theme), minHeight: 48, minWidth: 140, width: '100%', [theme.breakpoints.up('sm')]: { width: 'auto' } },
}));
