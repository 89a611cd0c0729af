import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { emailModalClosed } from '../accountSlice';
import { EmailConfirmationPanel } from './EmailConfirmation';

/** The settings' e-mail confirmation modal; a successful confirmation closes it. */
export function EmailConfirmationModal() {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.account.emailModalOpen);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const id = useId();
  return (
    <Dialog open={open} onClose={() => dispatch(emailModalClosed())} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`} sx={{ pr: 7 }}>
        {t('emailConfirmation.title')}
        <IconButton aria-label={t('close')} onClick={() => dispatch(emailModalClosed())} sx={{ position: 'absolute', right: 4, top: 4, width: 48, height: 48 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <EmailConfirmationPanel flow="settings" />
      </DialogContent>
    </Dialog>
  );
}
