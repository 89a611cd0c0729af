import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { NurseVisitDto } from '@/lib/types/results';
import { ApiError } from '@/lib/apiError';
import { formatLabTime } from '@/lib/labTime';
import { staffApi } from '../lazyStaffApi';

/**
 * The nurse's one-tap steps of a visit: "On my way" (asks for the expected arrival, by default now
 * plus the travel estimate, as a 30-minute window) and "I have arrived". Collected and not at home
 * stay the card's own buttons.
 */
export const TRAVEL_ESTIMATE_MINUTES = 20;
const pad = (n: number) => String(n).padStart(2, '0');
const localHm = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

export function VisitStepButtons({ v, onChanged }: { v: NurseVisitDto; onChanged: (v: NurseVisitDto) => void }) {
  const { t, i18n } = useTranslation('visit');
  const [asking, setAsking] = useState(false);
  const [arrival, setArrival] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = ['booked', 'nurse_assigned', 'on_the_way'].includes(v.visitState);
  if (!open && v.visitState !== 'arrived') return null;

  const send = async (state: 'on_the_way' | 'arrived', arrivalStart?: string) => {
    setBusy(true);
    setError(null);
    try {
      onChanged(await staffApi.visitState(v.orderId, arrivalStart ? { state, arrivalStart } : { state }));
      setAsking(false);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const startAsking = () => {
    setArrival(localHm(new Date(Date.now() + TRAVEL_ESTIMATE_MINUTES * 60_000)));
    setAsking(true);
  };
  const arrivalIso = () => {
    const [h, m] = arrival.split(':').map(Number) as [number, number];
    const d = new Date();
    d.setHours(h, m, 0, 0);
    return d.toISOString();
  };
  // The window as the card shows the slot: in the laboratory's time zone, on a 24-hour clock.
  const fmt = (at: string) => formatLabTime(at, i18n.language, v.visit.timeZone, 'time');
  return (
    <Box sx={{ mt: 2 }} data-testid="visit-steps">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('nurseButtons.state', { state: t(`step.${v.visitState}`) })}
        {v.arrivalWindow && (
          <>
            {' · '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {t('nurseButtons.window', { start: fmt(v.arrivalWindow.start), end: fmt(v.arrivalWindow.end) })}
            </Box>
          </>
        )}
      </Typography>
      {asking ? (
        <Box component="form" onSubmit={(e) => { e.preventDefault(); void send('on_the_way', arrivalIso()); }} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <label htmlFor={`arrival-${v.orderId}`}>{t('nurseButtons.expectedArrival')}</label>
          <input id={`arrival-${v.orderId}`} type="time" value={arrival} onChange={(e) => setArrival(e.target.value)} required style={{ minHeight: 44, fontSize: 16 }} />
          <Button type="submit" variant="contained" disabled={busy} sx={{ minHeight: 48 }}>
            {t('nurseButtons.confirm')}
          </Button>
          <Button onClick={() => setAsking(false)} disabled={busy} sx={{ minHeight: 48 }}>
            {t('nurseButtons.cancel')}
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {open && (
            <Button variant="contained" color="secondary" onClick={startAsking} disabled={busy} sx={{ minHeight: 48, flex: '1 1 auto' }}>
              {t('nurseButtons.onTheWay')}
            </Button>
          )}
          {open && (
            <Button variant="outlined" onClick={() => void send('arrived')} disabled={busy} sx={{ minHeight: 48, flex: '1 1 auto' }}>
              {t('nurseButtons.arrived')}
            </Button>
          )}
        </Box>
      )}
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
