import dynamic from 'next/dynamic';
import { PageHead } from '@/components/PageHead';
import NextLink from 'next/link';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Tag } from '@/components/Tag';
import Typography from '@mui/material/Typography';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageContainer } from '@/components';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { routes } from '@/lib/routes';
import { useSession, type CurrentUser, selectCurrentUser, selectCurrentUserStatus } from '@/features/auth';
import { LanguageSwitcher } from './LanguageSwitcher';
import { emailModalOpened } from '../accountSlice';
import { useOpenedOnce } from '@/lib/useOpenedOnce';
import { Notice } from '@/components/Notice';
import { Skeleton } from '@/components/Skeleton';

// The notification settings, the sessions and the data-access record fetch their data after the
// page is shown, at the end of the page; their code (the Web Push part too) loads with them.
const SectionLoading = () => <Skeleton variant="rounded" height={96} />;
const SessionsSection = dynamic(() => import('./SessionsSection').then((m) => m.SessionsSection), { ssr: false, loading: SectionLoading });
const PrivacySection = dynamic(() => import('./PrivacySection').then((m) => m.PrivacySection), { ssr: false, loading: SectionLoading });
const RecordAccessSection = dynamic(() => import('./RecordAccessSection').then((m) => m.RecordAccessSection), { ssr: false, loading: SectionLoading });
// The two forms (formik, their rules, the password's strength meter) load while the account is read,
// like the sections below them.
const ProfileForm = dynamic(() => import('./ProfileForm').then((m) => m.ProfileForm), { ssr: false, loading: SectionLoading });
const ChangePasswordForm = dynamic(() => import('./ChangePasswordForm').then((m) => m.ChangePasswordForm), { ssr: false, loading: SectionLoading });
const NotificationsSection = dynamic(() => import('./NotificationsSection').then((m) => m.NotificationsSection), { ssr: false, loading: SectionLoading });
// The e-mail confirmation modal (MUI's Dialog) loads when the user first opens it.
const EmailConfirmationModal = dynamic(() => import('./EmailConfirmationModal').then((m) => m.EmailConfirmationModal), { ssr: false });

function Section({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ mb: 2 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={id} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function EmailSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <Typography sx={{ wordBreak: 'break-all', fontWeight: 500 }}>{user.email}</Typography>
      {user.emailConfirmed ? (
        <Tag color="success" variant="outlined" label={t('settings.emailConfirmed')} />
      ) : (
        <>
          <Tag color="warning" variant="outlined" label={t('settings.emailNotConfirmed')} />
          <Button variant="contained" onClick={() => dispatch(emailModalOpened())} sx={{ minHeight: 48, ml: { sm: 'auto' } }}>
            {t('settings.confirmEmail')}
          </Button>
        </>
      )}
    </Box>
  );
}

/** `/settings`: profile, e-mail confirmation, password, language, notifications, sessions and the account's data. */
export function SettingsPage() {
  const { t } = useTranslation('account');
  const session = useSession();
  const user = useAppSelector(selectCurrentUser);
  const userStatus = useAppSelector(selectCurrentUserStatus);
  const emailModalLoaded = useOpenedOnce(useAppSelector((s) => s.account.emailModalOpen));

  let content;
  if (session === 'visitor') {
    content = (
      <EmptyState
        icon={<LoginOutlined fontSize="inherit" />}
        title={t('settings.visitorTitle')}
        text={t('settings.visitorText')}
        action={
          <Button component={NextLink} href={routes.login.path} variant="contained" sx={{ minHeight: 48 }}>
            {t('login.submit')}
          </Button>
        }
      />
    );
  } else if (!user) {
    content =
      userStatus === Status.ERROR ? (
        <Notice severity="error">{t('settings.loadFailed')}</Notice>
      ) : (
        <Box role="progressbar" aria-label={t('common:loading')} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={140} sx={{ mb: 2 }} />
          ))}
        </Box>
      );
  } else {
    content = (
      <>
        <Section id="settings-email" title={t('settings.email')}>
          <EmailSection user={user} />
        </Section>
        <Section id="settings-profile" title={t('settings.profile')}>
          <ProfileForm user={user} />
        </Section>
        <Section id="settings-password" title={t('settings.password')}>
          <ChangePasswordForm />
        </Section>
        <Section id="settings-language" title={t('common:language')}>
          <LanguageSwitcher />
        </Section>
        <Section id="settings-notifications" title={t('notifications.title')}>
          <NotificationsSection />
        </Section>
        <Section id="settings-sessions" title={t('sessions.title')}>
          <SessionsSection />
        </Section>
        <Section id="settings-record-access" title={t('household.title')}>
          <RecordAccessSection />
        </Section>
        <Section id="settings-privacy" title={t('privacy.title')}>
          <PrivacySection />
        </Section>
        {emailModalLoaded && <EmailConfirmationModal />}
      </>
    );
  }

  return (
    <>
      <PageHead title={t('settings.title')} />
      <PageContainer title={t('settings.title')} maxWidth="sm">
        {content}
      </PageContainer>
    </>
  );
}
