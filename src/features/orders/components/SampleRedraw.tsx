import dynamic from 'next/dynamic';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OrderDetailDto, OrderLineDto } from '@/shared/types/results';
import { Notice } from '@/components/Notice';
import { useFailureText } from '@/components/useFailureText';
import { useCall } from '@/lib/store/useCall';
import { Status } from '@/lib/status';
import { routePath } from '@/lib/routes';
import { formatLabTime } from '@/shared/labTime';
import { useLanguage } from '@/i18n/useLanguage';

const RescheduleDialog = dynamic(() => import('./RescheduleDialog').then((m) => m.RescheduleDialog), { ssr: false });

/** The line's sample when it is not fine: "Sample not testable" and the reason in plain words, or the redraw booked. */
export function SampleNote({ line }: { line: OrderLineDto }) {
  const { t } = useTranslation('results');
  const sample = line.sample;
  if (!sample || sample.status === 'ok') return null;
  return (
    <Typography component="span" variant="caption" color={sample.status === 'rejected' ? 'error.main' : 'text.secondary'} sx={{ display: 'block' }} data-testid="sample-note">
      {sample.status === 'rejected' ? t('sample.rejected') : t('sample.redrawBooked')}
      {sample.reason && `: ${t(`sample.reason.${sample.reason}`)}`}
    </Typography>
  );
}

/**
 * The free redraw of rejected samples on the order page: one tap opens the visit times, the booking
 * goes to the redraw order. A booked redraw links to it; a redraw order links back.
 */
export function SampleRedraw({ order }: { order: OrderDetailDto }) {
  const { t } = useTranslation('results');
  const language = useLanguage();
  const router = useRouter();
  const [picking, setPicking] = useState(false);
  // Booked: the redraw order is the next thing to look at.
  const booking = useCall(async (slotId: number, start: string) => {
    // The API client is loaded with the first call, not with the order page.
    const { ordersApi } = await import('../ordersApi');
    const answer = await ordersApi.bookRedraw(order.id, slotId, start);
    void router.push(routePath('orderDetail', { orderId: answer.orderId }));
    return answer;
  });
  const failure = useFailureText(booking.resource.error, { fallback: 'results:sample.failed', codes: { slot_full: 'results:sample.failed' } });
  const redraw = order.redraw;
  const rejected = order.patients.some((p) => p.lines.some((l) => l.sample && l.sample.status !== 'ok'));
  if (order.redrawOf) {
    return (
      <Notice severity="info" sx={{ mb: 2 }}>
        {t('sample.redrawOf')}{' '}
        <NextLink href={routePath('orderDetail', { orderId: order.redrawOf })}>#{order.redrawOf}</NextLink>
      </Notice>
    );
  }
  if (!rejected || !redraw) return null;
  const book = async (slotId: number, start: string) => {
    await booking.run(slotId, start);
    setPicking(false);
  };
  const booked = booking.resource.status === Status.SUCCESS ? booking.resource.data?.orderId : redraw.orderId;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, borderColor: 'warning.main' }} data-testid="sample-redraw">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('sample.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('sample.text')}
      </Typography>
      {booking.resource.status === Status.ERROR && (
        <Notice severity="error" sx={{ mb: 1 }}>
          {failure}
        </Notice>
      )}
      {booked ? (
        <Button component={NextLink} href={routePath('orderDetail', { orderId: booked })} variant="contained" sx={{ minHeight: 48 }}>
          {t('sample.openRedraw')}
        </Button>
      ) : redraw.available ? (
        <>
          {redraw.deadline && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('sample.deadline', { date: formatLabTime(redraw.deadline, language, order.visit.timeZone) })}
            </Typography>
          )}
          <Button variant="contained" onClick={() => setPicking(true)} sx={{ minHeight: 48 }}>
            {t('sample.book')}
          </Button>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('sample.expired')}
        </Typography>
      )}
      {picking && !booked && (
        <RescheduleDialog
          open
          purpose="redraw"
          laboratoryId={order.laboratory.id}
          currentSlotId={order.visit.slotId}
          timeZone={order.visit.timeZone}
          busy={booking.resource.status === Status.LOADING}
          onClose={() => setPicking(false)}
          onConfirm={(slotId, start) => {
            void book(slotId, start);
          }}
        />
      )}
    </Paper>
  );
}
