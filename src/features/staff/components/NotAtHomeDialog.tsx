import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/TextInput';

export interface NotAtHomeDialogProps {
  open: boolean;
  titleId: string;
  note: string;
  onNoteChange(note: string): void;
  noteError: string | null;
  busy: boolean;
  onCancel(): void;
  onSave(): void;
}

/** Asks the nurse for a note when the patient was not at home, before the visit is marked so. */
export function NotAtHomeDialog({ open, titleId, note, onNoteChange, noteError, busy, onCancel, onSave }: NotAtHomeDialogProps) {
  const { t } = useTranslation('staff');
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>{t('visits.notAtHomeTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('visits.notAtHomeText')}</DialogContentText>
        <TextInput
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label={t('visits.note')}
          value={note}
          onChange={(e) => onNoteChange(e.target.value)}
          error={!!noteError}
          helperText={noteError ?? ' '}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} sx={{ minHeight: 48 }}>
          {t('visits.cancel')}
        </Button>
        <Button variant="contained" onClick={onSave} disabled={busy} sx={{ minHeight: 48 }}>
          {t('visits.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
