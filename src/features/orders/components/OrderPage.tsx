import dynamic from 'next/dynamic';
import { PageHead } from '@/components/PageHead';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatMoney } from '@/shared/money';
import { CardSkeleton, ConfirmDialog, Money, PageContainer } from '@/components';
import { routePath, routes } from '@/lib/routes';
import { Status } from '@/lib/status';
import { useLanguage } from '@/i18n/useLanguage';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import type { OrderDetailDto } from '@/shared/types/results';
import { useAccountAction } from '@/features/auth';
import { NOT_FOUND, ResourceGate } from '@/components/ResourceGate';
import { cancelRequested, rescheduleRequested, visitChangeReset } from '../ordersSlice';
import { useLiveOrder } from './useOrders';
import { formatDateTime } from '@/lib/format';
import { formatLabTime, formatVisitWindow } from '@/shared/labTime';
import { labZoneText } from '@/components/LabZoneNote';
import { MoneyBreakdownList } from '@/components/MoneyBreakdownList';
import { orderDetailBreakdown } from '@/shared/breakdown';
import { StatusChip } from './StatusChip';
import { SampleNote, SampleRedraw } from './SampleRedraw';
import { idFrom } from '@/shared/ids';
import { Notice } from '@/components/Notice';
import type { OrderPaymentDto } from '@/features/payments';
import { labPlace, localName } from '@/shared/catalogueText';

/** Paid on the visit: from the sample collection on (docs/invoices.md). */
const COLLECTED_STATUSES: OrderDetailDto['status'][] = ['sample_collected', 'in_lab', 'partial_results', 'completed'];

/** The receipt and invoices show once the order is paid: online (also when refunded since) or to the nurse at the collection. */
function isPaid(o: OrderDetailDto): boolean {
  const status = o.payment?.status;
  if (status === 'paid' || status === 'partially_refunded' || status === 'refunded') return true;
  return (!o.payment || o.payment.method === 'on_visit') && COLLECTED_STATUSES.includes(o.status);
}

// Choosing another visit time (MUI's Dialog and the slot list) loads when asked for.

// The visit's live timeline, the payment, the documents and the calendar button load after the page (the first-load budget).
const VisitTimeline = dynamic(() => import('@/features/visit').then((m) => m.VisitTimeline), { ssr: false });
const OrderPaymentBlock = dynamic(() => import('@/features/payments').then((m) => m.OrderPaymentBlock), { ssr: false });
const OrderDocuments = dynamic(() => import('@/features/invoices').then((m) => m.OrderDocuments), { ssr: false });
const AddToCalendarButton = dynamic(() => import('@/components/AddToCalendarButton').then((m) => m.AddToCalendarButton), { ssr: false });
const RescheduleDialog = dynamic(() => import('./RescheduleDialog').then((m) => m.RescheduleDialog), { ssr: false });

/** The order's payment (`payment` of `GET orders/{id}`), when the order has one. */
function PaymentOf({ order }: { order: OrderDetailDto & { payment?: OrderPaymentDto | null } }) {
  return order.payment ? <OrderPaymentBlock payment={order.payment} canCancel={order.canChangeVisit} orderId={order.id} timeZone={order.visit.timeZone} cancelled={order.status === 'cancelled'} /> : null;
}

type PaidOrder = OrderDetailDto & { payment?: OrderPaymentDto | null };

/** The cancel dialog's word on money: the refund the rule gives now (the server's `refundIfCancelled`). */
function cancelRefundText(o: PaidOrder, t: TFunction, language: string): string {
  const p = o.payment;
  if (!p || p.method !== 'online' || !['paid', 'partially_refunded'].includes(p.status)) return '';
  const amount = p.refundIfCancelled ?? 0;
  return amount > 0 ? t('order.cancelRefund', { amount: formatMoney(amount, p.currency, language) }) : t('order.cancelNoRefund');
}

/** After the cancellation: the refund under way, as the payment block shows it. */
function cancelDoneText(o: PaidOrder, t: TFunction, language: string): string {
  const pending = o.payment?.pendingRefundAmount ?? 0;
  return pending > 0 && o.payment ? t('order.cancelDoneRefund', { amount: formatMoney(pending, o.payment.currency, language) }) : t('order.cancelDone');
}

/** `/orders/{orderId}`: status progress and timeline, visit, lines per patient, totals; cancel and move the visit. */
export function OrderPage() {
  const { t } = useTranslation('results');
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const { query } = useRouter();
  const id = idFrom(query.orderId);
  // The order as loaded and then kept live by its event stream: the chip, the buttons, the visit and the payment move together.
  const { session, resource, reload } = useLiveOrder(id);
  const needAccount = useAccountAction();
  const visitChange = useAppSelector((s) => s.orders.visitChange);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [moving, setMoving] = useState(false);
  // One column on a phone: the payment (status, amount, "Pay now") comes first; from `md` it heads the second column.
  const twoColumns = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });

  useEffect(
    () => () => {
      dispatch(visitChangeReset());
    },
    [dispatch],
  );

  const order = resource.data;
  const busy = visitChange.status === Status.LOADING;
  // A successful change closes the dialogs; opening one starts a new change.
  const done = visitChange.status === Status.SUCCESS;
  const open = (what: 'move' | 'cancel') => {
    dispatch(visitChangeReset());
    setMoving(what === 'move');
    setConfirmCancel(what === 'cancel');
  };
  return (
    <>
      <PageHead title={order ? t('list.order', { number: order.number }) : t('orders.title')} />
      <PageContainer title={order ? t('list.order', { number: order.number }) : t('orders.title')} subtitle={order ? `${t('orders.placed', { date: formatDateTime(order.createdAt, language, order.visit.timeZone) })} · ${labZoneText(t, language, order.visit.timeZone)}` : undefined}>
        <ResourceGate session={id ? session : 'user'} onLogin={needAccount(null)} resource={id ? resource : NOT_FOUND} onRetry={reload} backHref={routes.orders.path} skeleton={<CardSkeleton cards={2} />}>
          {(o) => (
            // One column on a phone: its sections keep their own 16 px apart, no grid gap added.
            <Box sx={{ display: 'grid', gap: { xs: 0, md: 3 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
              <Box>
                {visitChange.status === Status.ERROR && (
                  <Notice severity="error" sx={{ mb: 2 }}>
                    {t('order.changeFailed')}
                  </Notice>
                )}
                {visitChange.status === Status.SUCCESS && (
                  <Notice severity="success" sx={{ mb: 2 }}>
                    {o.status === 'cancelled' ? cancelDoneText(o, t, language) : t('order.rescheduleDone')}
                  </Notice>
                )}
                {!twoColumns && <PaymentOf order={o} />}
                <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                    <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
                      {t('order.visitTitle')}
                    </Typography>
                    <StatusChip status={o.status} />
                  </Box>
                  <Typography sx={{ fontWeight: 600 }} data-testid="visit-window">{formatVisitWindow(o.visit.start, o.visit.end, language, o.visit.timeZone)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[o.address.street, o.address.apartment && t('order.apartment', { n: o.address.apartment }), o.address.city].filter(Boolean).join(', ')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {labPlace(o.laboratory, language)}
                    {o.laboratory.phone && (
                      <>
                        {' · '}
                        <a href={`tel:${o.laboratory.phone.replace(/\s+/g, '')}`}>{o.laboratory.phone}</a>
                      </>
                    )}
                  </Typography>
                  {o.status !== 'cancelled' && (
                    <Box sx={{ mt: 1 }}>
                      <AddToCalendarButton orderId={o.id} orderNumber={o.number} />
                    </Box>
                  )}
                  {o.canChangeVisit ? (
                    <>
                      <Typography variant="body2" sx={{ mt: 1 }}>
                        {t('order.changeUntil', { date: formatLabTime(o.changeDeadline, language, o.visit.timeZone) })}
                      </Typography>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
                        <Button variant="outlined" onClick={() => open('move')} disabled={busy} sx={{ minHeight: 48 }}>
                          {t('order.reschedule')}
                        </Button>
                        <Button variant="outlined" color="error" onClick={() => open('cancel')} disabled={busy} sx={{ minHeight: 48 }}>
                          {t('order.cancel')}
                        </Button>
                      </Box>
                    </>
                  ) : (
                    o.status !== 'cancelled' &&
                    o.status !== 'completed' && (
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                        {t('order.changeClosed')}
                      </Typography>
                    )
                  )}
                  {o.resultCount > 0 && (
                    <Button component={NextLink} href={routePath('testResultPatients', { testResultId: o.id })} variant="contained" sx={{ mt: 2, minHeight: 48 }}>
                      {t('order.seeResults')}
                    </Button>
                  )}
                </Paper>
                <VisitTimeline order={o} />
                {isPaid(o) && (
                  <Box sx={{ mb: 2 }}>
                    <OrderDocuments orderId={o.id} orderNumber={o.number} canInvoice={o.total.currency === 'PLN'} />
                  </Box>
                )}
              </Box>
              <Box>
              <SampleRedraw order={o} />
              {twoColumns && <PaymentOf order={o} />}
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {t('order.contents')}
                </Typography>
                {o.patients.map((p) => (
                  <Box key={p.id} sx={{ mb: 2 }}>
                    <Typography sx={{ fontWeight: 600 }}>
                      {p.firstName} {p.lastName}
                    </Typography>
                    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                      {p.lines.map((l) => (
                        <Box component="li" key={l.analysisId} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
                          <Typography variant="body2">
                            {localName(l, language)}
                            {l.hasResult && (
                              <Typography component="span" variant="caption" color="success.main">
                                {' · '}
                                {t('order.resultReady')}
                              </Typography>
                            )}
                            <SampleNote line={l} />
                          </Typography>
                          <Typography variant="body2">
                            <Money amount={l.price} currency={o.total.currency} />
                          </Typography>
                        </Box>
                      ))}
                    </Box>
                  </Box>
                ))}
                <Divider sx={{ my: 1 }} />
                <MoneyBreakdownList breakdown={orderDetailBreakdown(o)} promoCode={o.promoCode} />
              </Paper>
              </Box>
              <ConfirmDialog
                open={confirmCancel && !done}
                title={t('order.cancelTitle')}
                text={`${t('order.cancelText')} ${cancelRefundText(o, t, language)}`.trim()}
                confirmLabel={t('order.cancelConfirm')}
                cancelLabel={t('order.keep')}
                destructive
                onConfirm={() => dispatch(cancelRequested({ orderId: o.id }))}
                onCancel={() => setConfirmCancel(false)}
              />
              {moving && !done && (
                <RescheduleDialog
                  open
                  laboratoryId={o.laboratory.id}
                  currentSlotId={o.visit.slotId}
                  timeZone={o.visit.timeZone}
                  busy={busy}
                  onClose={() => setMoving(false)}
                  onConfirm={(slotId) => dispatch(rescheduleRequested({ orderId: o.id, slotId }))}
                />
              )}
            </Box>
          )}
        </ResourceGate>
      </PageContainer>
    </>
  );
}
