import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import { TextInput } from '@/components/TextInput';
import Typography from '@mui/material/Typography';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { useTranslation } from 'react-i18next';
import { resultsApi } from '../lazyResultsApi';
import { formatDateTime } from '@/lib/format';
import { useLabTimeZone } from '@/features/lab';
import { Notice } from '@/components/Notice';
import { useFailureText } from '@/components/useFailureText';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';

/**
 * Share one patient's results of one order with a doctor: a read-only link valid 1 to 30 days
 * (default 7), shown once when made; the list shows each link's state and when it was last opened,
 * and revokes it.
 */
export function ShareLinks({ testResultId, patientId, language }: { testResultId: number; patientId: number; language: string }) {
  const { t } = useTranslation('results');
  const zone = useLabTimeZone();
  const [days, setDays] = useState('7');
  const [copied, setCopied] = useState(false);
  // The link made last is shown until it is revoked.
  const [revokedId, setRevokedId] = useState<number | null>(null);
  const list = useCall(() => resultsApi.shares(testResultId, patientId));
  const make = useCall((validDays: number) => resultsApi.createShare(testResultId, patientId, validDays));
  const revocation = useCall((id: number) => resultsApi.revokeShare(testResultId, patientId, id));
  const { run: load } = list;

  useEffect(() => {
    void load();
  }, [testResultId, patientId, load]);

  const links = list.resource.data;
  const created = make.resource.data && make.resource.data.id !== revokedId ? make.resource.data : null;
  const failure = [list, make, revocation].find((c) => c.resource.status === Status.ERROR)?.resource.error;
  const error = useFailureText(failure, { fallback: 'results:share.failed' });
  // A made or revoked link is followed by the list's reload, during which the buttons stay off.
  const busy = make.resource.status === Status.LOADING || revocation.resource.status === Status.LOADING || (list.resource.status === Status.LOADING && links !== null);

  const n = Number(days);
  const daysValid = Number.isInteger(n) && n >= 1 && n <= 30;

  const create = async () => {
    if (!daysValid) return;
    setCopied(false);
    if (await make.run(n)) await load();
  };

  const revoke = async (id: number) => {
    if (!(await revocation.run(id))) return;
    if (created?.id === id) setRevokedId(id);
    await load();
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} component="section" aria-labelledby="share-title">
      <Typography id="share-title" variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: '1.05rem' }}>
        <ShareOutlined fontSize="small" aria-hidden /> {t('share.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('share.text')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <TextInput
          label={t('share.days')}
          type="number"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          size="small"
          error={!daysValid}
          helperText={daysValid ? t('share.daysHelp') : t('share.daysInvalid')}
          slotProps={{ htmlInput: { min: 1, max: 30, step: 1, inputMode: 'numeric' } }}
          sx={{ width: 180 }}
        />
        <Button variant="contained" onClick={() => void create()} disabled={busy || !daysValid} sx={{ minHeight: 40 }}>
          {t('share.create')}
        </Button>
      </Box>
      {created && (
        <Notice severity="success" sx={{ mt: 1.5 }} role="status">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('share.created', { date: formatDateTime(created.expiresAt, language, zone) })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextInput value={created.url} label={t('share.link')} size="small" slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'share-url' } }} sx={{ flex: '1 1 260px' }} />
            <Button onClick={() => void copy()} variant="outlined" sx={{ minHeight: 40 }}>
              {copied ? t('share.copied') : t('share.copy')}
            </Button>
          </Box>
        </Notice>
      )}
      {error && (
        <Notice severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Notice>
      )}
      {links && links.length > 0 && (
        <List dense aria-label={t('share.listLabel')} sx={{ mt: 1 }}>
          {links.map((l) => (
            <ListItem key={l.id} divider data-testid="share-link" data-state={l.state} sx={{ gap: 1, flexWrap: 'wrap', px: 0 }}>
              <Box sx={{ flex: 1, minWidth: 200 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t(`share.state.${l.state}`)} · {t('share.until', { date: formatDateTime(l.expiresAt, language, zone) })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {l.lastOpenedAt ? t('share.lastOpened', { date: formatDateTime(l.lastOpenedAt, language, zone), count: l.openCount }) : t('share.neverOpened')}
                </Typography>
              </Box>
              {l.state === 'active' && (
                <Button color="error" variant="outlined" size="small" onClick={() => void revoke(l.id)} disabled={busy} sx={{ minHeight: 40 }}>
                  {t('share.revoke')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
