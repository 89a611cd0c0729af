import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { useRouter } from 'next/router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, ListSkeleton, PageContainer } from '@/components';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { routes } from '@/lib/routes';
import { Status } from '@/lib/status';

import { CheckoutStepper } from '@/components/CheckoutStepper';
import { StickyActionBar } from '@/components/StickyActionBar';
import { useCheckoutGuard } from './useCheckoutGuard';
import { choiceSx, DayStrip } from './DayStrip';
import type { SxProps, Theme } from '@mui/material/styles';
import { visitTimeChosen } from '../checkoutSlice';
import { selectSlots, slotsRequested } from '@/features/orders';
import { Notice } from '@/components/Notice';
import { timingLines } from '@/components/timingText';
import { localName } from '@/shared/catalogueText';
import { addDaysToKey, formatDayKey, formatLabTime, labDayKey } from '@/shared/labTime';
import { labZoneText } from '@/components/LabZoneNote';
import { timeZoneOfCountry } from '@/shared/timeZones';
import { groupSlotsByDay } from '@/lib/slots';
import { VISIT_BOOKING_DAYS } from '@/shared/orderLifecycle';
import { PageHead } from '@/components/PageHead';
import { useFailureText, type FailureTexts } from '@/components/useFailureText';
import { ERROR_CODES } from '@/shared/errorCodes';

const SLOT_FAILURE_TEXTS: FailureTexts = {
  codes: { [ERROR_CODES.slotFull]: 'cart:failure.slotFull' },
  fallback: 'cart:failure.slotRequired',
};

/** `/order/nurse-checkout-time`: a day within the next 30 days, then one of its open nurse slots. */
export function VisitTimeStep() {
  const { t, i18n } = useTranslation('cart');
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { ready } = useCheckoutGuard();
  const laboratoryId = useAppSelector((s) => s.lab.activeLaboratoryId);
  const { orderSlotId, slotFull, submit } = useAppSelector((s) => s.checkout);
  const { data: slots, status: slotsStatus, error: slotsError } = useAppSelector(selectSlots);
  // The time filled up meanwhile (slot_full), or none was chosen when the order was sent.
  const error = useFailureText(slotFull ? submit.error : null, SLOT_FAILURE_TEXTS);
  const slotsFailure = useFailureText(slotsError, { codes: { [ERROR_CODES.laboratoryRequired]: 'cart:failure.laboratoryRequired' } });
  const [pickedDay, setDay] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(orderSlotId);
  const lab = useAppSelector((s) => s.lab.laboratory.data);
  // Why some days or hours are not offered: each analysis's timing rule ("Cortisol: Sample before 10:00").
  const cart = useAppSelector((s) => s.cart.cart.data);
  const timingNotes = [
    ...new Set(
      Object.values(cart?.analysisDtosByPatientId ?? {})
        .flat()
        .flatMap((a) => timingLines(a.timing, t).map((line) => `${localName(a, i18n.language)}: ${line}`)),
    ),
  ];
  const zone = lab?.timeZone ?? timeZoneOfCountry(lab?.country);

  const load = () => {
    if (!laboratoryId) return;
    const from = new Date();
    const to = new Date(from.getTime() + VISIT_BOOKING_DAYS * 86400000);
    dispatch(slotsRequested({ laboratoryId, from: from.toISOString(), to: to.toISOString(), forCart: true }));
  };
  useEffect(() => {
    if (ready) load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, laboratoryId]);

  const byDay = useMemo(() => groupSlotsByDay(slots, zone), [slots, zone]);
  const days = useMemo(() => {
    const out: { key: string; count: number }[] = [];
    const today = labDayKey(new Date(), zone);
    for (let i = 0; i < VISIT_BOOKING_DAYS; i++) {
      const key = addDaysToKey(today, i);
      out.push({ key, count: byDay.get(key)?.length ?? 0 });
    }
    return out;
  }, [byDay, zone]);

  // Start on the day of the chosen slot, else the first day with open slots.
  const day = useMemo(() => {
    if (pickedDay) return pickedDay;
    const chosenOpen = slots.find((s) => s.id === chosen && s.available > 0);
    return chosenOpen ? labDayKey(chosenOpen.start, zone) : (days.find((d) => d.count > 0)?.key ?? null);
  }, [pickedDay, slots, chosen, days, zone]);

  const lang = i18n.language;
  const time = (iso: string) => formatLabTime(iso, lang, zone, 'time');
  const long = (key: string) => formatDayKey(key, lang, 'weekdayDate');
  const daySlots = day ? (byDay.get(day) ?? []) : [];
  const chosenSlot = slots.find((s) => s.id === chosen && s.available > 0) ?? null;

  let body;
  if (!ready || slotsStatus === Status.LOADING || slotsStatus === Status.INITIAL) body = <ListSkeleton rows={3} />;
  else if (slotsStatus === Status.ERROR) body = <ErrorState message={slotsFailure} onRetry={load} />;
  else if (byDay.size === 0)
    body = <EmptyState icon={<EventBusyIcon fontSize="inherit" />} title={t('visit.noneTitle')} text={t('visit.noneText')} />;
  else
    body = (
      <>
        <Typography variant="subtitle1" component="h2" id="visit-day-label" sx={{ fontWeight: 600, mb: 1 }}>
          {t('visit.day')}
        </Typography>
        <DayStrip
          days={days}
          value={day}
          onChange={setDay}
          labelledBy="visit-day-label"
          dayLabel={(d) => `${long(d.key)}${d.count ? '' : `, ${t('visit.full')}`}`}
          renderDay={(d) => (
            <>
              <Typography variant="caption" component="span">{formatDayKey(d.key, lang, 'weekday')}</Typography>
              <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>{formatDayKey(d.key, lang, 'dayMonth')}</Typography>
            </>
          )}
          earlierLabel={t('visit.earlierDays')}
          laterLabel={t('visit.laterDays')}
        />
        {day && (
          <>
            <Typography variant="subtitle1" component="h2" id="visit-slot-label" sx={{ fontWeight: 600, mt: 2, mb: 1 }}>
              {t('visit.time', { day: long(day) })}
            </Typography>
            {/* The laboratory's zone named once, as on the order page ("Times in Warsaw time"). */}
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="lab-zone-note">
              {labZoneText(t, lang, zone)}
            </Typography>
            <Box role="radiogroup" aria-labelledby="visit-slot-label" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 1 }}>
              {daySlots.map((s) => (
                <ToggleButton
                  key={s.id}
                  value={s.id}
                  role="radio"
                  aria-checked={chosen === s.id}
                  aria-pressed={undefined}
                  selected={chosen === s.id}
                  onChange={() => setChosen(s.id)}
                  disableFocusRipple
                  color="primary"
                  sx={{ ...choiceSx, minHeight: 56, flexDirection: 'column' } as SxProps<Theme>}
                >
                  {/* Each time stays whole; a narrow button breaks the range after the dash. */}
                  <span>
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{`${time(s.start)}–`}</Box>
                    <wbr />
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{time(s.end)}</Box>
                  </span>
                  <Typography variant="caption" component="span">
                    {t('visit.placesLeft', { count: s.available })}
                  </Typography>
                </ToggleButton>
              ))}
            </Box>
          </>
        )}
      </>
    );

  return (
    <PageContainer title={t('visit.title')} subtitle={t('visit.subtitle')}>
      <PageHead title={t('visit.pageTitle')} complete />
      <CheckoutStepper active="visitTime" />
      {timingNotes.length > 0 && (
        <Notice severity="info" sx={{ mb: 2 }} data-testid="visit-timing">
          {t('visit.timingIntro')}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {timingNotes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        </Notice>
      )}
      {slotFull && error && (
        <Notice severity="warning" role="alert" sx={{ mb: 2 }}>
          {error}
        </Notice>
      )}
      {body}
      <StickyActionBar
        summary={
          chosenSlot ? (
            <Typography variant="body2" aria-live="polite">
              {`${long(labDayKey(chosenSlot.start, zone))}, ${time(chosenSlot.start)}–${time(chosenSlot.end)}`}
            </Typography>
          ) : undefined
        }
      >
        <Button onClick={() => void router.push(routes.orderAddress.path)} sx={{ minHeight: 48 }}>
          {t('steps.back')}
        </Button>
        <Button
          variant="contained"
          size="large"
          disabled={!chosenSlot}
          sx={{ minHeight: 48 }}
          onClick={() => {
            if (!chosenSlot) return;
            dispatch(visitTimeChosen({ orderSlotId: chosenSlot.id, nurseCheckoutDate: chosenSlot.start }));
            void router.push(routes.orderFeedback.path);
          }}
        >
          {t('visit.next')}
        </Button>
      </StickyActionBar>
    </PageContainer>
  );
}
