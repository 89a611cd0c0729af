import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/TextInput';
import { logout } from '@/features/auth';
import { useAppDispatch } from '@/store/hooks';
import { accountApi } from '../lazyAccountApi';

/** Deleting the account, confirmed with its password; on success the user is signed out. */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const [password, setPassword] = useState('');
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const erase = async () => {
    setDeleteError(null);
    try {
      await accountApi.deleteAccount(password);
      onClose();
      dispatch(logout());
    } catch (e) {
      setDeleteError((e as { status?: number }).status === 400 ? t('privacy.deleteWrongPassword') : t('privacy.failed'));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="delete-account-title">
      <DialogTitle id="delete-account-title">{t('privacy.deleteTitle')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('privacy.deleteText')}</Typography>
        <TextInput type="password" label={t('privacy.deletePassword')} value={password} onChange={(e) => setPassword(e.target.value)} fullWidth autoComplete="current-password" error={!!deleteError} helperText={deleteError ?? ' '} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {t('privacy.deleteCancel')}
        </Button>
        <Button color="error" variant="contained" onClick={erase} disabled={!password} sx={{ minHeight: 44 }}>
          {t('privacy.deleteConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
