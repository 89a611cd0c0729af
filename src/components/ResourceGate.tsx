import NextLink from 'next/link';
import Button from '@mui/material/Button';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import LockPersonOutlined from '@mui/icons-material/LockPersonOutlined';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { ListSkeleton } from './Skeletons';
import { Status } from '@/lib/status';
import { routes } from '@/lib/routes';
import { toFailure, type Resource } from '@/lib/store/resource';

/** What a page shows for ids that cannot exist (not numbers). */
export const NOT_FOUND: Resource<null> = { status: Status.ERROR, data: null, error: { ...toFailure('Not found'), status: 404 } };

export interface ResourceGateProps<T> {
  /** Whose page it is: not known yet, a visitor (asked to log in) or a user. */
  session: 'unknown' | 'visitor' | 'user';
  /** The visitor's "log in" link was clicked (e.g. open the auth modal instead of the page change). */
  onLogin: (event: { preventDefault(): void }) => void;
  /** The page's data: null until first received, a 404 failure meaning not found. */
  resource: Resource<T | null>;
  onRetry: () => void;
  /** Shown while loading the first time. */
  skeleton?: ReactNode;
  /** Where "not found" sends the user back to. */
  backHref: string;
  children: (data: T) => ReactNode;
}

/**
 * The states every page of a user's own data shares (results, orders): a skeleton while the session
 * or the data is loading, a log-in prompt for visitors, "not found" for a 404 (another user's result
 * looks exactly like a missing one), an error with retry, and the content.
 */
export function ResourceGate<T>({ session, onLogin, resource, onRetry, skeleton, backHref, children }: ResourceGateProps<T>) {
  const { t } = useTranslation('results');
  if (session === 'visitor') {
    return (
      <EmptyState
        icon={<LoginOutlined fontSize="inherit" />}
        title={t('visitor.title')}
        text={t('visitor.text')}
        action={
          // The auth modal instead of a page change; after logging in the page shows the user's data.
          <Button component={NextLink} href={routes.login.path} onClick={onLogin} variant="contained" sx={{ minHeight: 48 }}>
            {t('visitor.login')}
          </Button>
        }
      />
    );
  }
  if (resource.status === Status.ERROR && resource.error?.status === 404) {
    return (
      <EmptyState
        icon={<SearchOff fontSize="inherit" />}
        title={t('notFound.title')}
        text={t('notFound.text')}
        action={
          <Button component={NextLink} href={backHref} variant="outlined" sx={{ minHeight: 48 }}>
            {t('notFound.back')}
          </Button>
        }
      />
    );
  }
  // Household consent: an adult family member has not agreed that this account reads their results.
  if (resource.status === Status.ERROR && resource.error?.status === 403 && resource.error.code === 'consent_required') {
    return (
      <EmptyState
        icon={<LockPersonOutlined fontSize="inherit" />}
        title={t('consent.title')}
        text={t('consent.text')}
        action={
          <Button component={NextLink} href={routes.patientsList.path} variant="outlined" sx={{ minHeight: 48 }}>
            {t('consent.patients')}
          </Button>
        }
      />
    );
  }
  if (resource.status === Status.ERROR && !resource.data) return <ErrorState message={t('loadFailed')} onRetry={onRetry} />;
  if (session === 'unknown' || !resource.data) return <>{skeleton ?? <ListSkeleton rows={3} />}</>;
  return <>{children(resource.data)}</>;
}
