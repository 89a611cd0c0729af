import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Tag } from '@/components/Tag';
import { TextList } from '@/components/TextList';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { logout } from '@/features/auth';
import { useAppDispatch } from '@/store/hooks';
import { accountApi } from '../lazyAccountApi';
import type { SessionDto } from '@/shared/types/api';
import { formatDateTime } from '@/lib/format';
import { useLabTimeZone } from '@/features/lab';
import { LabZoneNote } from '@/components/LabZoneNote';
import { useLanguage } from '@/i18n/useLanguage';
import { Notice } from '@/components/Notice';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';

/**
 * Settings, "Signed-in sessions": every browser the account is signed in on (when, last use, which
 * browser; this one marked), with sign-out per session and everywhere. Signing out this browser or
 * everywhere signs out here too.
 */
export function SessionsSection() {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const zone = useLabTimeZone();
  const dispatch = useAppDispatch();
  const list = useCall(() => accountApi.sessions());
  const end = useCall((s: SessionDto | 'all') => (s === 'all' ? accountApi.endAllSessions() : accountApi.endSession(s.id)));
  const { run: load } = list;
  const sessions = list.resource.data;
  const failed = list.resource.status === Status.ERROR || end.resource.status === Status.ERROR;
  // Busy while a sign-out is sent and while the list is read again after it.
  const busy = end.resource.status === Status.LOADING || (list.resource.status === Status.LOADING && sessions !== null);

  useEffect(() => {
    void load();
  }, [load]);

  const name = (s: SessionDto) =>
    s.browser && s.system ? t('sessions.browserOn', { browser: s.browser, system: s.system }) : s.browser || (s.system ? t('sessions.browserOn', { browser: t('sessions.unknownBrowser'), system: s.system }) : t('sessions.unknownBrowser'));

  const signOut = async (s: SessionDto) => {
    if (!(await end.run(s))) return;
    if (s.current) dispatch(logout());
    else await load();
  };

  const signOutEverywhere = async () => {
    if (await end.run('all')) dispatch(logout());
  };

  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('sessions.text')}
      </Typography>
      {failed && <Notice severity="error">{t('sessions.failed')}</Notice>}
      {sessions && <LabZoneNote timeZone={zone} />}
      {sessions && (
        <TextList
          label={t('sessions.listLabel')}
          items={sessions.map((s) => ({
            key: s.id,
            primary: (
              <>
                {name(s)}
                {s.current && <Tag size="small" color="primary" variant="outlined" label={t('sessions.thisDevice')} sx={{ ml: 1 }} />}
              </>
            ),
            secondary: t('sessions.when', { created: formatDateTime(s.createdAt, language, zone), lastUsed: formatDateTime(s.lastUsedAt, language, zone) }),
            action: (
              <Button size="small" onClick={() => signOut(s)} disabled={busy} aria-label={t('sessions.signOutOne', { browser: name(s) })} sx={{ minHeight: 44 }}>
                {t('sessions.signOut')}
              </Button>
            ),
          }))}
        />
      )}
      <Button color="error" variant="outlined" onClick={signOutEverywhere} disabled={busy} sx={{ minHeight: 48, mt: 1 }}>
        {t('sessions.signOutEverywhere')}
      </Button>
    </Box>
  );
}
