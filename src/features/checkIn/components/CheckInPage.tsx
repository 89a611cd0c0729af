import { useEffect, useState, type FormEvent } from 'react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AuthPaper } from '@/components/AuthPaper';
import { Notice } from '@/components/Notice';
import { PageHead } from '@/components/PageHead';
import { TextInput } from '@/components/TextInput';
import { useFailureText } from '@/components/useFailureText';
import { lazyApi } from '@/lib/lazyApi';
import { routes } from '@/lib/routes';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { formatLabTime, labTimeToIso } from '@/shared/labTime';
import { LabZoneNote } from '@/components/LabZoneNote';
import { useAccountAction, useSession } from '@/features/auth';

const api = lazyApi(() => import('../checkInApi').then((m) => m.checkInApi));

const LOAD_FAILURE = { codes: { not_found: 'visit:checkIn.notFound' }, fallback: 'visit:checkIn.loadFailed' } as const;
const SAVE_FAILURE = {
  codes: { not_found: 'visit:checkIn.notFound', check_in_closed: 'visit:checkIn.closed' },
  fallback: 'visit:checkIn.saveFailed',
} as const;

/** `YYYY-MM-DDTHH:MM` of a moment in the browser's time zone, for a datetime-local field. */
function localInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * `/orders/{id}/check-in`: the morning check-in of a home visit, opened from the mail or the push
 * of that morning. When did the patient last eat; for a cycle-day analysis, the first day of the
 * last period. An answer that breaks a rule says so and offers a free move of the visit.
 */
export function CheckInPage() {
  const { t, i18n } = useTranslation('visit');
  const router = useRouter();
  const session = useSession();
  const needAccount = useAccountAction();
  const orderId = Number(typeof router.query.orderId === 'string' ? router.query.orderId : NaN);
  const load = useCall((id: number) => api.load(id));
  const save = useCall((id: number, body: { lastMealAt: string; cycleStart?: string | null }) => api.answer(id, body));
  const loadFailure = useFailureText(load.resource.error, LOAD_FAILURE);
  const saveText = useFailureText(save.resource.error, SAVE_FAILURE);
  // A refused field names itself (400 `fields`): the date of the period, or the last meal.
  const refused = save.resource.error?.status === 400 ? save.resource.error.fields : {};
  const saveFailure = refused.cycleStart ? t('checkIn.cycleStartInvalid') : refused.lastMealAt ? t('checkIn.lastMealInvalid') : saveText;
  const [lastMeal, setLastMeal] = useState('');
  const [cycleStart, setCycleStart] = useState('');
  const { run } = load;

  useEffect(() => {
    if (session === 'user' && Number.isInteger(orderId) && orderId > 0) void run(orderId);
  }, [session, orderId, run]);

  const data = load.resource.data;
  const result = save.resource.status === Status.SUCCESS ? save.resource.data : null;
  // Times on the laboratory's clock (the zone said once on the page), whatever the device's zone.
  const zone = data?.timeZone ?? 'Europe/Warsaw';
  const time = (iso: string) => `${formatLabTime(iso, i18n.language, zone, 'weekdayDate')}, ${formatLabTime(iso, i18n.language, zone, 'time')}`;
  // After "until" a weekday would need its own grammatical case (ru, pl): the date and time only.
  const until = (iso: string) => formatLabTime(iso, i18n.language, zone, 'dateTime');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!data || !lastMeal) return;
    void save.run(data.orderId, { lastMealAt: labTimeToIso(lastMeal.slice(0, 10), lastMeal.slice(11, 16), zone) ?? new Date(lastMeal).toISOString(), cycleStart: data.cycleDays ? cycleStart || null : null });
  };

  return (
    <>
      <PageHead title={t('checkIn.title')} />
      <AuthPaper title={t('checkIn.title')}>
        {session === 'visitor' && (
          <>
            <Typography sx={{ mt: 2 }}>{t('checkIn.signIn')}</Typography>
            <Button component={NextLink} href={routes.login.path} onClick={needAccount(router.asPath)} variant="contained" fullWidth sx={{ minHeight: 48, mt: 2 }}>
              {t('checkIn.signInButton')}
            </Button>
          </>
        )}
        {load.resource.status === Status.ERROR && (
          <Notice severity="error" role="alert" sx={{ mt: 2 }}>
            {loadFailure}
          </Notice>
        )}
        {data && (
          <>
            <Typography sx={{ mt: 2 }}>{t('checkIn.visit', { number: data.orderNumber, time: time(data.visitStart) })}</Typography>
            <LabZoneNote timeZone={zone} />
            {!data.open && (
              <Notice severity="info" sx={{ mt: 2 }}>
                {t('checkIn.closed')}
              </Notice>
            )}
            {data.open && !result && (
              <Box component="form" onSubmit={submit} noValidate sx={{ mt: 2, display: 'grid', gap: 2 }}>
                <Typography>{data.fastingHours ? t('checkIn.fastingRule', { hours: data.fastingHours }) : t('checkIn.noFastingRule')}</Typography>
                <TextInput
                  type="datetime-local"
                  label={t('checkIn.lastMeal')}
                  helperText={t('checkIn.lastMealHelp')}
                  value={lastMeal}
                  onChange={(e) => setLastMeal(e.target.value)}
                  required
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localInput(new Date()) } }}
                />
                {data.cycleDays && (
                  <TextInput
                    type="date"
                    label={t('checkIn.cycleStart')}
                    helperText={t('checkIn.cycleHelp', { from: data.cycleDays[0], to: data.cycleDays[1] })}
                    value={cycleStart}
                    onChange={(e) => setCycleStart(e.target.value)}
                    required
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localInput(new Date()).slice(0, 10) } }}
                  />
                )}
                {save.resource.status === Status.ERROR && (
                  <Notice severity="error" role="alert">
                    {saveFailure}
                  </Notice>
                )}
                <Button type="submit" variant="contained" disabled={!lastMeal || save.resource.status === Status.LOADING} sx={{ minHeight: 48 }}>
                  {t('checkIn.send')}
                </Button>
              </Box>
            )}
            {result?.ok && (
              <Notice severity="success" role="status" sx={{ mt: 2 }}>
                {t('checkIn.ok')}
              </Notice>
            )}
            {result && !result.ok && (
              <>
                <Notice severity="warning" role="status" sx={{ mt: 2 }}>
                  {t('checkIn.notMet')}
                  {result.rescheduleOffer && ` ${t('checkIn.freeMove', { until: until(result.rescheduleOffer.until) })}`}
                </Notice>
                <Button component={NextLink} href={`/orders/${data.orderId}`} variant="contained" fullWidth sx={{ minHeight: 48, mt: 2 }}>
                  {t('checkIn.moveVisit')}
                </Button>
              </>
            )}
          </>
        )}
      </AuthPaper>
    </>
  );
}
