import { useEffect, useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { RESCHEDULE_DAYS, VISIT_CHANGE_LIMIT_MS } from '@/shared/orderLifecycle';
import { groupSlotsByDay } from '@/lib/slots';
import { selectSlots, slotsRequested } from '../ordersSlice';
import { formatDayKey, formatLabTime } from '@/shared/labTime';
import { Notice } from '@/components/Notice';
import { Skeleton } from '@/components/Skeleton';

export interface RescheduleDialogProps {
  open: boolean;
  laboratoryId: string;
  currentSlotId: number;
  /** The laboratory's time zone: days and times are the laboratory's. */
  timeZone: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: (slotId: number, start: string) => void;
  /** Another use of the picker (the free redraw): its own texts (`results:` keys) and visit times from an hour ahead. */
  purpose?: 'move' | 'redraw';
}

const TEXTS = {
  move: { title: 'order.rescheduleTitle', text: 'order.rescheduleText', confirm: 'order.rescheduleConfirm' },
  redraw: { title: 'sample.dialogTitle', text: 'sample.dialogText', confirm: 'sample.confirm' },
} as const;

/** Picks another free visit time of the same laboratory, at least 24 hours ahead (mount it when opening). */
export function RescheduleDialog({ open, laboratoryId, currentSlotId, timeZone, busy, onClose, onConfirm, purpose = 'move' }: RescheduleDialogProps) {
  const texts = TEXTS[purpose];
  const { t, i18n } = useTranslation('results');
  const dispatch = useAppDispatch();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const id = useId();
  const slots = useAppSelector(selectSlots);
  const [chosen, setChosen] = useState<number | null>(null);

  useEffect(() => {
    if (!open) return;
    const from = new Date(Date.now() + (purpose === 'redraw' ? 3_600_000 : VISIT_CHANGE_LIMIT_MS + 60_000));
    const to = new Date(from.getTime() + RESCHEDULE_DAYS * 86_400_000);
    dispatch(slotsRequested({ laboratoryId, from: from.toISOString(), to: to.toISOString() }));
  }, [open, laboratoryId, dispatch, purpose]);

  const items = slots.data;
  const byDay = useMemo(() => [...groupSlotsByDay(items, timeZone, { excludeId: currentSlotId })], [items, currentSlotId, timeZone]);

  const time = (iso: string) => formatLabTime(iso, i18n.language, timeZone, 'time');

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{t(texts.title)}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t(texts.text)}
        </Typography>
        {slots.status === Status.ERROR && <Notice severity="error">{t('order.slotsFailed')}</Notice>}
        {slots.status === Status.LOADING && (
          <Box role="progressbar" aria-label={t('common:loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={48} sx={{ mb: 1 }} />
            ))}
          </Box>
        )}
        {slots.status === Status.SUCCESS && byDay.length === 0 && <Typography>{t('order.noSlots')}</Typography>}
        {slots.status === Status.SUCCESS &&
          byDay.map(([day, items]) => (
            <Box key={day} sx={{ mb: 2 }} role="group" aria-label={formatDayKey(day, i18n.language, 'longDate')}>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {formatDayKey(day, i18n.language, 'longDate')}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {items.map((s) => (
                  <Chip
                    key={s.id}
                    label={`${time(s.start)}–${time(s.end)}`}
                    color={chosen === s.id ? 'primary' : 'default'}
                    variant={chosen === s.id ? 'filled' : 'outlined'}
                    onClick={() => setChosen(s.id)}
                    aria-pressed={chosen === s.id}
                    sx={{ minHeight: 48, px: 1 }}
                  />
                ))}
              </Box>
            </Box>
          ))}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={busy} sx={{ minHeight: 48 }}>
          {t('common:cancel')}
        </Button>
        <Button variant="contained" disabled={chosen === null || busy} onClick={() => {
            const slot = items?.find((s) => s.id === chosen);
            if (slot) onConfirm(slot.id, slot.start);
          }} sx={{ minHeight: 48 }}>
          {t(texts.confirm)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
