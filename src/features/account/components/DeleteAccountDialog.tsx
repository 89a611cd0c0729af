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
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { useFailureText, type FailureTexts } from '@/components/useFailureText';

/** A 400 is the wrong password; anything else a general failure. */
const DELETE_FAILURE: FailureTexts = {
  codes: { bad_request: 'account:privacy.deleteWrongPassword', validation_failed: 'account:privacy.deleteWrongPassword' },
  fallback: 'account:privacy.failed',
};

/** Deleting the account, confirmed with its password; on success the user is signed out. */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const [password, setPassword] = useState('');
  const deletion = useCall((pw: string) => accountApi.deleteAccount(pw));
  const failed = deletion.resource.status === Status.ERROR;
  const deleteError = useFailureText(deletion.resource.error, DELETE_FAILURE);

  const erase = async () => {
    if (!(await deletion.run(password))) return;
    onClose();
    dispatch(logout());
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="delete-account-title">
      <DialogTitle id="delete-account-title">{t('privacy.deleteTitle')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('privacy.deleteText')}</Typography>
        <TextInput type="password" label={t('privacy.deletePassword')} value={password} onChange={(e) => setPassword(e.target.value)} fullWidth autoComplete="current-password" error={failed} helperText={failed ? deleteError : ' '} />
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
