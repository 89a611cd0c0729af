import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  text?: ReactNode;
  /** Label of the confirming button (default "OK"). */
  confirmLabel?: ReactNode;
  /** Label of the cancelling button (default "Cancel"). */
  cancelLabel?: ReactNode;
  /** Colours the confirming button as dangerous. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question. Focus is trapped while open and restored on close (MUI Dialog). Pages use ConfirmDialog, which loads it when first opened. */
export function ConfirmDialogView({ open, title, text, confirmLabel, cancelLabel, destructive, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const id = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={`${id}-title`} aria-describedby={text ? `${id}-text` : undefined}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      {text && (
        <DialogContent>
          <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} sx={{ minHeight: 48 }}>
          {cancelLabel ?? t('cancel')}
        </Button>
        <Button onClick={onConfirm} variant="contained" color={destructive ? 'error' : 'primary'} sx={{ minHeight: 48 }} autoFocus>
          {confirmLabel ?? t('ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
