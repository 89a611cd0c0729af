import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/TextInput';
import { labTimeToIso, zoneNote } from '@/shared/labTime';
import { useDeviceTimeZone } from '@/lib/useDeviceTimeZone';
import type { ArrivalDraft } from './arrivalWindow';

export interface OnTheWayDialogProps {
  open: boolean;
  titleId: string;
  /** The laboratory's zone: the times typed are its wall clock. */
  timeZone: string;
  draft: ArrivalDraft;
  onDraftChange(draft: ArrivalDraft): void;
  /** Why the window cannot be sent (already translated), or null. */
  error: string | null;
  busy: boolean;
  onCancel(): void;
  onSend(): void;
}

/** "On my way": the expected arrival window, prefilled with now plus the travel estimate, on the laboratory's clock. */
export function OnTheWayDialog({ open, titleId, timeZone, draft, onDraftChange, error, busy, onCancel, onSend }: OnTheWayDialogProps) {
  const { t, i18n } = useTranslation('visit');
  const deviceZone = useDeviceTimeZone();
  const at = labTimeToIso(draft.day, draft.start, timeZone);
  const zone = at ? zoneNote(at, i18n.language, timeZone, deviceZone) : null;
  const time = (field: 'start' | 'end', label: string) => (
    <TextInput
      type="time"
      label={label}
      value={draft[field]}
      onChange={(e) => onDraftChange({ ...draft, [field]: e.target.value })}
      required
      error={!!error}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { lang: i18n.language } }}
      sx={{ flex: '1 1 8rem' }}
    />
  );
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} fullWidth>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSend();
        }}
      >
        <DialogTitle id={titleId}>{t('nurseButtons.expectedArrival')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{zone ? t('nurseButtons.dialogTextZone', { zone }) : t('nurseButtons.dialogText')}</DialogContentText>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, pt: 1 }}>
            {time('start', t('nurseButtons.from'))}
            {time('end', t('nurseButtons.to'))}
          </Box>
          {error && (
            <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
              {error}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy} sx={{ minHeight: 48 }}>
            {t('nurseButtons.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} sx={{ minHeight: 48 }}>
            {t('nurseButtons.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
