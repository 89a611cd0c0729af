import { useEffect, useState } from 'react';
import NextLink from 'next/link';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCall } from '@/lib/store/useCall';
import { Status } from '@/lib/status';
import { routePath } from '@/lib/routes';
import { formatDate } from '@/lib/format';
import { useLabTimeZone } from '@/features/lab';
import { useLanguage } from '@/i18n/useLanguage';
import { Notice } from '@/components/Notice';
import { TextInput } from '@/components/TextInput';
import { useFailureText } from '@/components/useFailureText';
import type { HeldResultDto } from '@/shared/types/staff';
import { staffApi } from '../lazyStaffApi';

function HeldResult({ held, onReleased }: { held: HeldResultDto; onReleased(): void }) {
  const { t } = useTranslation('staff');
  const language = useLanguage();
  const zone = useLabTimeZone();
  const [note, setNote] = useState('');
  const release = useCall(staffApi.releaseHeldResult);
  const failure = useFailureText(release.resource.error, { fallback: 'staff:held.failed', codes: { not_found: 'staff:held.gone', conflict: 'staff:held.gone' } });
  const id = `held-${held.resultId}`;
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }} aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} sx={{ fontWeight: 600 }}>
        {held.analysisName}: {String(held.value)} {held.unit}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <NextLink href={routePath('staffOrder', { orderId: held.orderId })}>{t('held.order', { number: held.orderNumber })}</NextLink> · {t('held.due', { date: formatDate(held.releaseDue, language, zone) })}
      </Typography>
      <form
        method="post"
        onSubmit={(e) => {
          e.preventDefault();
          void release.run(held.resultId, note).then((ok) => ok && onReleased());
        }}
      >
        <TextInput id={`${id}-note`} label={t('held.note')} fullWidth multiline minRows={2} value={note} onChange={(e) => setNote(e.target.value)} helperText={t('held.noteHelp')} />
        <Button type="submit" variant="outlined" disabled={!note.trim() || release.resource.status === Status.LOADING} sx={{ minHeight: 48, mt: 1 }}>
          {t('held.release')}
        </Button>
      </form>
      {failure && <Notice severity="error">{failure}</Notice>}
    </Box>
  );
}

/** The staff console's sensitive results held for the laboratory's doctor, each released with a note (docs/notifications.md). */
export function StaffHeldResults() {
  const { t } = useTranslation('staff');
  const list = useCall(() => staffApi.heldResults());
  const { run } = list;
  useEffect(() => {
    void run();
  }, [run]);
  const held = list.resource.data ?? [];
  return (
    <Paper component="section" aria-labelledby="staff-held-title" variant="outlined" sx={{ p: 2, mt: 3 }} data-testid="staff-held-results">
      <Typography id="staff-held-title" variant="h6" component="h2">
        {t('held.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('held.text')}
      </Typography>
      {list.resource.status === Status.ERROR && <Notice severity="error">{t('held.loadFailed')}</Notice>}
      {list.resource.status === Status.SUCCESS && held.length === 0 && <Typography variant="body2">{t('held.none')}</Typography>}
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {held.map((h) => (
          <HeldResult key={h.resultId} held={h} onReleased={() => void run()} />
        ))}
      </Box>
    </Paper>
  );
}
