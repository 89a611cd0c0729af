import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import dynamic from 'next/dynamic';
import { TextList } from '@/components/TextList';
import { useOpenedOnce } from '@/lib/useOpenedOnce';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../lazyAccountApi';
import type { AccessRecordDto } from '@/lib/types/audit';
import { formatDate } from '@/lib/format';
import { useLanguage } from '@/i18n/useLanguage';
import { Notice } from '@/components/Notice';

// The account deletion dialog (MUI's Dialog) loads when the user first asks to delete.
const DeleteAccountDialog = dynamic(() => import('./DeleteAccountDialog').then((m) => m.DeleteAccountDialog), { ssr: false });

/**
 * Settings, "Your data": who (laboratory staff or a share link) opened or changed the user's health
 * data, and the download of everything the shop holds about the account as one JSON file.
 */
export function PrivacySection() {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const [records, setRecords] = useState<AccessRecordDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const deleteLoaded = useOpenedOnce(deleting);

  useEffect(() => {
    let live = true;
    accountApi
      .accessRecords()
      .then((list) => live && setRecords(list))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const download = async () => {
    setDownloading(true);
    try {
      const { blob, fileName } = await accountApi.exportData();
      const name = fileName ?? 'lab-shop-account.json';
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      URL.revokeObjectURL(url);
    } catch {
      setFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  const who = (r: AccessRecordDto) => (r.actorKind === 'share' ? t('privacy.byShare') : t('privacy.byStaff', { name: r.actorName ?? t('privacy.laboratory') }));
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
          items={records.map((r) => ({
            key: r.id,
            primary: `${who(r)} · ${t(r.action === 'health_write' ? 'privacy.changed' : 'privacy.opened', { number: r.orderNumber ?? '' })}`,
            secondary: formatDate(r.at, language),
          }))}
        />
      )}
    </Box>
  );
}
