import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import dynamic from 'next/dynamic';
import { TextList } from '@/components/TextList';
import { useOpenedOnce } from '@/lib/useOpenedOnce';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../lazyAccountApi';
import type { AccessRecordDto } from '@/shared/types/audit';
import { accessDays, type AccessDay } from '../accessDays';
import { useLanguage } from '@/i18n/useLanguage';
import { Notice } from '@/components/Notice';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { saveBlob } from '@/lib/saveBlob';

/** Records per page of "Who opened your results"; "Show earlier" loads the next. */
const ACCESS_PAGE = 50;
/** Times shown on one line before "and N more". */
const MAX_TIMES = 8;

// The account deletion dialog (MUI's Dialog) loads when the user first asks to delete.
const DeleteAccountDialog = dynamic(() => import('./DeleteAccountDialog').then((m) => m.DeleteAccountDialog), { ssr: false });

/**
 * Settings, "Your data": who (laboratory staff by name, or a share link) opened or changed the user's
 * health data, one line per person and day with the times and what was done, and the download of everything the shop holds about the account as one JSON file.
 */
export function PrivacySection() {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const [records, setRecords] = useState<AccessRecordDto[] | null>(null);
  const [more, setMore] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const deleteLoaded = useOpenedOnce(deleting);
  // A page of records: the first, or the one after the last shown ("Show earlier").
  const page = useCall(async (after?: number) => {
    const list = await accountApi.accessRecords(ACCESS_PAGE, after);
    setRecords((had) => (after === undefined ? list : [...(had ?? []), ...list]));
    setMore(list.length === ACCESS_PAGE);
  });
  const exported = useCall(async () => {
    const { blob, fileName } = await accountApi.exportData();
    saveBlob(blob, fileName ?? 'lab-shop-account.json');
  });
  const loadingMore = page.resource.status === Status.LOADING && records !== null;
  const downloading = exported.resource.status === Status.LOADING;
  const failed = page.resource.status === Status.ERROR || exported.resource.status === Status.ERROR;

  const { run: loadPage } = page;
  useEffect(() => {
    void loadPage();
  }, [loadPage]);

  const loadEarlier = () => {
    const last = records?.at(-1);
    if (last) void loadPage(last.id);
  };

  const download = () => void exported.run();

  const who = (r: AccessDay) =>
    r.actorKind === 'share' ? t('privacy.byShare') : r.actorKind === 'patient' ? t('privacy.byFamily') : r.actorKind === 'operator' ? t('privacy.byShop') : t('privacy.byStaff', { name: r.actorName ?? t('privacy.laboratory') });
  const times = (list: string[]) => (list.length > MAX_TIMES ? `${list.slice(0, MAX_TIMES).join(', ')} ${t('privacy.moreTimes', { count: list.length - MAX_TIMES })}` : list.join(', '));
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('privacy.exportText')}
      </Typography>
      <Button variant="outlined" onClick={download} disabled={downloading} sx={{ minHeight: 48, mb: 2 }}>
        {t('privacy.export')}
      </Button>
      <Button color="error" variant="outlined" onClick={() => setDeleting(true)} sx={{ minHeight: 48, mb: 2, ml: { sm: 1 } }}>
        {t('privacy.delete')}
      </Button>
      {deleteLoaded && <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />}
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('privacy.accessTitle')}
      </Typography>
      {failed && <Notice severity="error">{t('privacy.failed')}</Notice>}
      {records && !records.length && <Typography color="text.secondary">{t('privacy.accessEmpty')}</Typography>}
      {records && records.length > 0 && (
        <TextList
          label={t('privacy.accessTitle')}
          items={accessDays(records, language).map((d) => ({
            key: d.key,
            primary: `${who(d)} · ${d.day}: ${times(d.times)}`,
            secondary: d.what.map((w) => t(`privacy.what.${w.what}`, { number: w.orderNumber, name: w.name ?? '' })).join('; '),
          }))}
        />
      )}
      {more && (
        <Button variant="text" onClick={loadEarlier} disabled={loadingMore} sx={{ minHeight: 48 }}>
          {t('privacy.showEarlier')}
        </Button>
      )}
    </Box>
  );
}
