import { useEffect, useState } from 'react';
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
import { useLanguage } from '@/i18n/useLanguage';
import { Notice } from '@/components/Notice';

/**
 * Settings, "Signed-in sessions": every browser the account is signed in on (when, last use, which
 * browser; this one marked), with sign-out per session and everywhere. Signing out this browser or
 * everywhere signs out here too.
 */
export function SessionsSection() {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [sessions, setSessions] = useState<SessionDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const fetchSessions = () => accountApi.sessions();

  useEffect(() => {
    let live = true;
    fetchSessions()
      .then((list) => live && setSessions(list))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const name = (s: SessionDto) =>
    s.browser && s.system ? t('sessions.browserOn', { browser: s.browser, system: s.system }) : s.browser || (s.system ? t('sessions.browserOn', { browser: t('sessions.unknownBrowser'), system: s.system }) : t('sessions.unknownBrowser'));

  const signOut = async (s: SessionDto) => {
    setBusy(true);
    try {
      await accountApi.endSession(s.id);
      if (s.current) dispatch(logout());
      else setSessions(await fetchSessions());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const signOutEverywhere = async () => {
    setBusy(true);
    try {
      await accountApi.endAllSessions();
      dispatch(logout());
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('sessions.text')}
      </Typography>
      {failed && <Notice severity="error">{t('sessions.failed')}</Notice>}
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
            secondary: t('sessions.when', { created: formatDateTime(s.createdAt, language), lastUsed: formatDateTime(s.lastUsedAt, language) }),
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
