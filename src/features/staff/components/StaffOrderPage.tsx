import { PageHead } from '@/components/PageHead';
import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CardSkeleton, ConfirmDialog, EmptyState, ErrorState, PageContainer } from '@/components';
import { Status } from '@/lib/status';
import { useLanguage } from '@/i18n/useLanguage';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import type { OrderStatusDto } from '@/shared/types/results';
import { StatusChip } from '@/features/orders';
import { formatDateTime } from '@/lib/format';
import { formatVisitWindow } from '@/shared/labTime';
import { useDeviceTimeZone } from '@/lib/useDeviceTimeZone';
import { idFrom } from '@/shared/ids';
import { resultsSaveRequested, staffOrderRequested, statusChangeRequested } from '../staffSlice';
import { StaffForbidden, StaffGate } from './StaffGate';
import { ResultsForm } from './ResultsForm';
import { AssignNurse } from './AssignNurse';
import { SampleCheckIn } from '@/features/nurse';
import { Notice } from '@/components/Notice';
import { useFailureText } from '@/components/useFailureText';
import { STAFF_FAILURES } from '../staffFailures';

function OrderWork({ orderId }: { orderId: number }) {
  const { t } = useTranslation('staff');
  const language = useLanguage();
  const deviceZone = useDeviceTimeZone();
  const dispatch = useAppDispatch();
  const { status, data: o, error: failure } = useAppSelector((s) => s.staff.order);
  const action = useAppSelector((s) => s.staff.action);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const actionFailure = useFailureText(action.status === Status.ERROR ? action.error : null, STAFF_FAILURES);

  useEffect(() => {
    dispatch(staffOrderRequested(orderId));
  }, [orderId, dispatch]);

  if (status === Status.ERROR && failure?.status === 403) return <StaffForbidden />;
  if (status === Status.ERROR && failure?.status === 404) return <EmptyState title={t('order.notFound')} text={t('order.notFoundText')} />;
  if (status === Status.ERROR && !o) return <ErrorState message={t('loadFailed')} onRetry={() => dispatch(staffOrderRequested(orderId))} />;
  if (!o || o.id !== orderId) return <CardSkeleton cards={2} />;

  const busy = action.status === Status.LOADING;
  const forward = o.nextStatuses.filter((s) => s !== 'cancelled');
  const change = (to: OrderStatusDto) => {
    setConfirmCancel(false);
    dispatch(statusChangeRequested({ orderId: o.id, status: to }));
  };

  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{formatVisitWindow(o.visit.start, o.visit.end, language, o.visit.timeZone, deviceZone, 'date')}</Typography>
          <StatusChip status={o.status} />
        </Box>
        <Typography variant="body2">
          {[`${o.customer.firstName} ${o.customer.lastName}`.trim(), o.contactPhone, o.customer.email].filter(Boolean).join(' · ')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[o.address.street, o.address.entry && t('order.entry', { v: o.address.entry }), o.address.floor && t('order.floor', { v: o.address.floor }), o.address.apartment && t('order.apartment', { v: o.address.apartment }), o.address.intercomCode && t('order.intercom', { v: o.address.intercomCode }), o.address.city]
            .filter(Boolean)
            .join(', ')}
        </Typography>
        {o.address.notes && <Typography variant="body2">{o.address.notes}</Typography>}
        {action.status === Status.ERROR && action.kind === 'status' && (
          <Notice severity="error" sx={{ mt: 1 }}>
            {t('order.actionFailed', { reason: actionFailure })}
          </Notice>
        )}
        {action.status === Status.SUCCESS && action.kind === 'status' && (
          <Notice severity="success" sx={{ mt: 1 }} role="status">
            {t('order.statusSaved', { status: t(`results:status.${o.status}`) })}
          </Notice>
        )}
        {o.nextStatuses.length > 0 && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
            {forward.map((s) => (
              <Button key={s} variant="contained" onClick={() => change(s)} disabled={busy} sx={{ minHeight: 48 }}>
                {t(`advance.${s}`)}
              </Button>
            ))}
            {o.nextStatuses.includes('cancelled') && (
              <Button variant="outlined" color="error" onClick={() => setConfirmCancel(true)} disabled={busy} sx={{ minHeight: 48 }}>
                {t('advance.cancelled')}
              </Button>
            )}
          </Box>
        )}
      </Paper>

      <AssignNurse key={o.id} order={o} />
      <SampleCheckIn checkIn={o.checkIn} timeZone={o.visit.timeZone} />

      <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600, mb: 1 }}>
        {t('order.results', { done: o.resultCount, total: o.analysisCount })}
      </Typography>
      {!o.canEnterResults && (
        <Notice severity="info" sx={{ mb: 2 }}>
          {o.status === 'cancelled' ? t('order.cancelledNoResults') : t('order.resultsLater')}
        </Notice>
      )}
      <Box sx={{ display: 'grid', gap: 2 }}>
        {o.patients.map((p) => (
          <ResultsForm
            key={`${p.id}-${o.resultCount}`}
            patient={p}
            disabled={!o.canEnterResults || busy}
            saving={busy && action.kind === 'results' && action.patientId === p.id}
            saved={action.status === Status.SUCCESS && action.kind === 'results' && action.patientId === p.id}
            error={action.status === Status.ERROR && action.kind === 'results' && action.patientId === p.id ? t('order.actionFailed', { reason: actionFailure }) : null}
            onSave={(entries) => dispatch(resultsSaveRequested({ orderId: o.id, patientId: p.id, entries }))}
          />
        ))}
      </Box>

      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mt: 3, mb: 1 }}>
        {t('order.history')}
      </Typography>
      <Box component="ol" sx={{ pl: 3, m: 0 }}>
        {o.events.map((e, i) => (
          <li key={`${e.at}-${i}`}>
            <Typography variant="body2">
              {t(`results:status.${e.status}`)} · {formatDateTime(e.at, language, o.visit.timeZone)} · {t(`actor.${e.actor}`)}
              {e.note ? ` · ${e.note}` : ''}
            </Typography>
          </li>
        ))}
      </Box>
      <ConfirmDialog
        open={confirmCancel}
        title={t('order.cancelTitle')}
        text={t('order.cancelText')}
        confirmLabel={t('advance.cancelled')}
        destructive
        onConfirm={() => change('cancelled')}
        onCancel={() => setConfirmCancel(false)}
      />
    </>
  );
}

/** `/staff/orders/{orderId}`: advance the status and enter results per patient and analysis. */
export function StaffOrderPage() {
  const { t } = useTranslation('staff');
  const { query } = useRouter();
  const id = idFrom(query.orderId);
  const loaded = useAppSelector((s) => s.staff.order.data);
  const title = loaded && loaded.id === id ? t('orders.number', { number: loaded.number }) : t('order.title');
  return (
    <>
      <PageHead title={title} robots="noindex" />
      <PageContainer title={title}>
        <StaffGate>{id ? <OrderWork orderId={id} /> : <EmptyState title={t('order.notFound')} />}</StaffGate>
      </PageContainer>
    </>
  );
}
