import { PageHead } from '@/components/PageHead';
import NextLink from 'next/link';
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorState, ListSkeleton, PageContainer } from '@/components';
import { TextInput } from '@/components/TextInput';
import { formatDateTime } from '@/lib/format';
import { useLabTimeZone } from '@/features/lab';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { saveBlob } from '@/lib/saveBlob';
import { routePath } from '@/lib/routes';
import { useLanguage } from '@/i18n/useLanguage';
import { formatMoney } from '@/shared/money';
import type { MoneyAnomalyDto, MoneyDayDto } from '@/shared/types/money';
import { staffApi } from '../lazyStaffApi';
import { localDate } from './localDate';
import { StaffGate } from './StaffGate';

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

function MoneyOfDay() {
  const { t } = useTranslation('staff');
  const language = useLanguage();
  const zone = useLabTimeZone();
  const [date, setDate] = useState(localDate());
  const money = useCall((d: string) => staffApi.money(d));
  const [csvFailed, setCsvFailed] = useState(false);
  const { run } = money;
  useEffect(() => {
    void run(date);
  }, [run, date]);
  const failed = money.resource.status === Status.ERROR;
  const day: MoneyDayDto | null = money.resource.status === Status.SUCCESS ? money.resource.data : null;

  const csv = async () => {
    setCsvFailed(false);
    try {
      saveBlob(await staffApi.moneyCsv(date), `money-${date}.csv`);
    } catch {
      setCsvFailed(true);
    }
  };
  const m = (v: number) => formatMoney(v, day?.currency ?? 'PLN', language);
  const anomalyText = (a: MoneyAnomalyDto): string => {
    switch (a.kind) {
      case 'document_total':
        return t('money.documentTotal', { documents: m(a.amount), kept: m(a.expected ?? 0) });
      case 'refund_pending':
        return t('money.refundPending', { amount: m(a.amount), since: formatDateTime(a.since ?? '', language, zone) });
      case 'invariant':
        return t('money.invariant', { kept: m(a.amount), owed: m(a.expected ?? 0) });
      case 'ksef_rejected':
        return a.reason
          ? t('money.ksefRejected', { document: a.document ?? '', amount: m(a.amount), reason: a.reason, interpolation: { escapeValue: false } })
          : t('money.ksefRejectedNoReason', { document: a.document ?? '', amount: m(a.amount) });
    }
  };

  let content;
  if (failed) content = <ErrorState message={t('money.failed')} />;
  else if (!day) content = <ListSkeleton rows={3} />;
  else
    content = (
      <>
        <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={t('money.byMethod')}>
          <Table size="small" aria-label={t('money.byMethod')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('money.method')}</TableCell>
                <TableCell align="right">{t('money.paid')}</TableCell>
                <TableCell align="right">{t('money.refunded')}</TableCell>
                <TableCell align="right">{t('money.kept')}</TableCell>
                <TableCell align="right">{t('money.pendingRefunds')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {day.methods.map((r) => (
                <TableRow key={r.method}>
                  <TableCell>{t(`money.methods.${r.method}`)}</TableCell>
                  <TableCell align="right">{m(r.paid)}</TableCell>
                  <TableCell align="right">{m(r.refunded)}</TableCell>
                  <TableCell align="right">{m(r.kept)}</TableCell>
                  <TableCell align="right">{m(r.pendingRefunds)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mt: 3, mb: 1 }}>
          {t('money.anomalies')}
        </Typography>
        {day.anomalies.length ? (
          <Box component="ul" sx={{ pl: 2, m: 0 }}>
            {day.anomalies.map((a) => (
              <li key={`${a.kind}-${a.orderId}-${a.since ?? ''}-${a.document ?? ''}`}>
                <Link component={NextLink} href={routePath('staffOrder', { orderId: a.orderId })}>
                  {a.orderNumber}
                </Link>
                {': '}
                {anomalyText(a)}
              </li>
            ))}
          </Box>
        ) : (
          <Typography color="text.secondary">{t('money.noAnomalies')}</Typography>
        )}
      </>
    );

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <TextInput type="date" label={t('money.day')} value={date} onChange={(e) => isDate(e.target.value) && setDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} sx={{ minWidth: 180 }} />
        <Button variant="outlined" onClick={() => void csv()} sx={{ minHeight: 48 }}>
          {t('money.csv')}
        </Button>
        {csvFailed && <Typography color="error">{t('money.csvFailed')}</Typography>}
      </Box>
      {content}
    </>
  );
}

/** `/staff/money`: the laboratory's money of a day per payment method, the anomalies with their orders, and the day as CSV. */
export function StaffMoneyPage() {
  const { t } = useTranslation('staff');
  return (
    <>
      <PageHead title={t('money.title')} robots="noindex" />
      <PageContainer title={t('money.title')} subtitle={t('money.subtitle')}>
        <StaffGate>
          <MoneyOfDay />
        </StaffGate>
      </PageContainer>
    </>
  );
}
