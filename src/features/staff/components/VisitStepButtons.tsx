import dynamic from 'next/dynamic';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { NurseVisitDto } from '@/shared/types/results';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { useFailureText } from '@/components/useFailureText';
import { STAFF_FAILURES } from '../staffFailures';
import { formatLabTime } from '@/shared/labTime';
import { useOpenedOnce } from '@/lib/useOpenedOnce';
import { staffApi } from '../lazyStaffApi';
import { arrivalWindow, defaultArrival, draftOf, MAX_WINDOW_HOURS, type ArrivalDraft } from './arrivalWindow';

// The expected-arrival question (MUI's Dialog) loads when a nurse first taps "On my way".
const OnTheWayDialog = dynamic(() => import('./OnTheWayDialog').then((m) => m.OnTheWayDialog), { ssr: false });

/**
 * The nurse's one-tap steps of a visit: "On my way" (asks for the expected arrival, by default now
 * plus the travel estimate, as a 30-minute window, on the laboratory's clock) and "I have arrived".
 * Collected and not at home stay the card's own buttons. Outside the visit's day the buttons are
 * shown closed (`closedBy`: the id of the card's sentence saying when they open).
 */
export function VisitStepButtons({ v, onChanged, closedBy }: { v: NurseVisitDto; onChanged: (v: NurseVisitDto) => void; closedBy?: string }) {
  const { t, i18n } = useTranslation('visit');
  const [asking, setAsking] = useState(false);
  const dialogLoaded = useOpenedOnce(asking);
  const [draft, setDraft] = useState<ArrivalDraft>({ day: '', start: '', end: '' });
  const [windowProblem, setWindowProblem] = useState<string | null>(null);
  // The answer is what the step changed on the card; the card keeps the rest.
  const arrival = useCall(async () => onChanged({ ...v, ...(await staffApi.visitState(v.orderId, { state: 'arrived' })) }));
  const onTheWay = useCall(async (window: { arrivalStart: string; arrivalEnd: string }) => {
    onChanged({ ...v, ...(await staffApi.visitState(v.orderId, { state: 'on_the_way', ...window })) });
    setAsking(false);
  });
  const arrivalFailure = useFailureText(arrival.resource.status === Status.ERROR ? arrival.resource.error : null, STAFF_FAILURES);
  const windowFailure = useFailureText(onTheWay.resource.status === Status.ERROR ? onTheWay.resource.error : null, STAFF_FAILURES);
  const busy = arrival.resource.status === Status.LOADING || onTheWay.resource.status === Status.LOADING;
  const timeZone = v.visit.timeZone;
  const open = ['booked', 'nurse_assigned', 'on_the_way'].includes(v.visitState);
  // The announced window holds while the nurse is on the way or there (not after a correction back).
  const announced = v.visitState === 'on_the_way' || v.visitState === 'arrived' ? v.arrivalWindow : null;
  if (!open && v.visitState !== 'arrived') return null;

  // A refusal is shown by its code (staffFailures.ts), never as the server's sentence.
  const error = arrivalFailure || null;
  const windowError = windowProblem ?? (windowFailure || null);
  const arrived = () => arrival.run();
  const startAsking = () => {
    // A second "on my way" announces a new window: it starts from the one the patient was told.
    setDraft(announced ? draftOf(announced, timeZone) : defaultArrival(new Date(Date.now()), timeZone));
    setWindowProblem(null);
    onTheWay.reset();
    setAsking(true);
  };
  const sendWindow = async () => {
    const window = arrivalWindow(draft, timeZone);
    if ('problem' in window) {
      onTheWay.reset();
      setWindowProblem(t(`nurseButtons.${window.problem}`, { hours: MAX_WINDOW_HOURS }));
      return;
    }
    setWindowProblem(null);
    await onTheWay.run(window);
  };
  // The window as the card shows the slot: in the laboratory's time zone, on a 24-hour clock.
  const fmt = (at: string) => formatLabTime(at, i18n.language, timeZone, 'time');
  return (
    <Box sx={{ mt: 2 }} data-testid="visit-steps">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('nurseButtons.state', { state: t(`step.${v.visitState}`) })}
        {announced && (
          <>
            {' · '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {t('nurseButtons.window', { start: fmt(announced.start), end: fmt(announced.end) })}
            </Box>
          </>
        )}
      </Typography>
      {open && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" color="secondary" onClick={startAsking} disabled={busy || !!closedBy} aria-describedby={closedBy} sx={{ minHeight: 48, flex: '1 1 auto' }}>
            {t('nurseButtons.onTheWay')}
          </Button>
          <Button variant="outlined" onClick={() => void arrived()} disabled={busy || !!closedBy} aria-describedby={closedBy} sx={{ minHeight: 48, flex: '1 1 auto' }}>
            {t('nurseButtons.arrived')}
          </Button>
        </Box>
      )}
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
      {dialogLoaded && (
        <OnTheWayDialog
          open={asking}
          titleId={`arrival-${v.orderId}`}
          timeZone={timeZone}
          draft={draft}
          onDraftChange={(d) => {
            setDraft(d);
            setWindowProblem(null);
            onTheWay.reset();
          }}
          error={windowError}
          busy={busy}
          onCancel={() => setAsking(false)}
          onSend={() => void sendWindow()}
        />
      )}
    </Box>
  );
}
