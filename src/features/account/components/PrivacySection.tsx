import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { TextInput } from '@/components/TextInput';
import { logout } from '@/features/auth';
import { useAppDispatch } from '@/store/hooks';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../lazyAccountApi';
import type { AccessRecordDto } from '@/lib/types/audit';
import { formatDate } from '@/lib/format';
import { useLanguage } from '@/i18n/useLanguage';

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
  const dispatch = useAppDispatch();
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState('');
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const erase = async () => {
    setDeleteError(null);
    try {
      await accountApi.deleteAccount(password);
      setDeleting(false);
      dispatch(logout());
    } catch (e) {
      setDeleteError((e as { status?: number }).status === 400 ? t('privacy.deleteWrongPassword') : t('privacy.failed'));
    }
  };

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
      <Dialog open={deleting} onClose={() => setDeleting(false)} aria-labelledby="delete-account-title">
        <DialogTitle id="delete-account-title">{t('privacy.deleteTitle')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{t('privacy.deleteText')}</Typography>
          <TextInput type="password" label={t('privacy.deletePassword')} value={password} onChange={(e) => setPassword(e.target.value)} fullWidth autoComplete="current-password" error={!!deleteError} helperText={deleteError ?? ' '} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(false)} sx={{ minHeight: 44 }}>
            {t('privacy.deleteCancel')}
          </Button>
          <Button color="error" variant="contained" onClick={erase} disabled={!password} sx={{ minHeight: 44 }}>
            {t('privacy.deleteConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('privacy.accessTitle')}
      </Typography>
      {failed && <Alert severity="error">{t('privacy.failed')}</Alert>}
      {records && !records.length && <Typography color="text.secondary">{t('privacy.accessEmpty')}</Typography>}
      {records && records.length > 0 && (
        <List dense aria-label={t('privacy.accessTitle')}>
          {records.map((r) => (
            <ListItem key={r.id} disableGutters>
              <ListItemText
                primary={`${who(r)} · ${t(r.action === 'health_write' ? 'privacy.changed' : 'privacy.opened', { number: r.orderNumber ?? '' })}`}
                secondary={formatDate(r.at, language)}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
