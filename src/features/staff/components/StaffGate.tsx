import NextLink from 'next/link';
import Button from '@mui/material/Button';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { EmptyState, ListSkeleton } from '@/components';
import { routes } from '@/lib/routes';
import { Status } from '@/lib/status';
import { useAppSelector } from '@/store/hooks';
import { useSession, selectCurrentUser, selectCurrentUserStatus } from '@/features/auth';

/** The console is only for laboratory staff: others see a "not for you" state, visitors a log-in prompt. */
export function StaffForbidden() {
  const { t } = useTranslation('staff');
  return (
    <EmptyState
      icon={<LockOutlined fontSize="inherit" />}
      title={t('forbidden.title')}
      text={t('forbidden.text')}
      action={
        <Button component={NextLink} href={routes.home.path} variant="outlined" sx={{ minHeight: 48 }}>
          {t('forbidden.home')}
        </Button>
      }
    />
  );
}

/** A nurse on a console page: their work is the visits of the day. */
function ForNurses() {
  const { t } = useTranslation('staff');
  return (
    <EmptyState
      icon={<LockOutlined fontSize="inherit" />}
      title={t('forbidden.title')}
      text={t('visits.nurseText')}
      action={
        <Button component={NextLink} href={routes.staffVisits.path} variant="contained" sx={{ minHeight: 48 }}>
          {t('visits.open')}
        </Button>
      }
    />
  );
}

/** Staff pages; nurses reach only those with `allowNurse` (the visits of the day). */
export function StaffGate({ children, allowNurse = false }: { children: ReactNode; allowNurse?: boolean }) {
  const { t } = useTranslation('staff');
  const session = useSession();
  const user = useAppSelector(selectCurrentUser);
  const userStatus = useAppSelector(selectCurrentUserStatus);
  if (session === 'visitor') {
    return (
      <EmptyState
        icon={<LoginOutlined fontSize="inherit" />}
        title={t('visitor.title')}
        action={
          <Button component={NextLink} href={routes.login.path} variant="contained" sx={{ minHeight: 48 }}>
            {t('visitor.login')}
          </Button>
        }
      />
    );
  }
  if (session === 'unknown' || (!user && userStatus !== Status.ERROR)) return <ListSkeleton rows={3} />;
  if (user?.role !== 'staff') return <StaffForbidden />;
  if (user.staffRole === 'nurse' && !allowNurse) return <ForNurses />;
  return <>{children}</>;
}
