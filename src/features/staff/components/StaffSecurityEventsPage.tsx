import Box from '@mui/material/Box';
import { PageHead } from '@/components/PageHead';
import { useCallback, useState } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import GppGoodOutlined from '@mui/icons-material/GppGoodOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, ListSkeleton, PageContainer } from '@/components';
import { TextInput } from '@/components/TextInput';
import { formatDateTime } from '@/lib/format';
import { useLabTimeZone } from '@/features/lab';
import { useLanguage } from '@/i18n/useLanguage';
import type { SecurityEventDto } from '@/shared/types/audit';
import { staffApi } from '../lazyStaffApi';
import { StaffGate } from './StaffGate';
import { StaffPager } from './StaffPager';
import { beforeLastId, usePagedList } from './usePagedList';

type Outcome = SecurityEventDto['action'];

function EventRows({ events }: { events: SecurityEventDto[] }) {
  const { t } = useTranslation('staff');
  const language = useLanguage();
  const zone = useLabTimeZone();
  return (
    // Scrolls sideways on a phone: focusable so the keyboard can scroll it too.
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={t('security.title')}>
      <Table size="small" aria-label={t('security.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('security.when')}</TableCell>
            <TableCell>{t('security.what')}</TableCell>
            <TableCell>{t('security.account')}</TableCell>
            <TableCell align="right">{t('security.count')}</TableCell>
            <TableCell>{t('security.address')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((e) => (
            <TableRow key={e.id}>
              <TableCell sx={{ minWidth: 150 }}>
                {formatDateTime(e.lastAt, language, zone)}
                {e.firstAt !== e.lastAt && (
                  <Typography variant="body2" color="text.secondary">
                    {t('security.since', { time: formatDateTime(e.firstAt, language, zone) })}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{t(`security.action.${e.action}`)}</TableCell>
              <TableCell sx={{ minWidth: 200, overflowWrap: 'anywhere' }}>{e.reason ? <Box component="span" sx={{ fontFamily: 'monospace' }}>{e.reason}</Box> : (e.subjectEmail ?? t('security.unknownAccount'))}</TableCell>
              <TableCell align="right">{e.count}</TableCell>
              <TableCell>{e.clientIp || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function SecurityEvents() {
  const { t } = useTranslation('staff');
  const [action, setAction] = useState<Outcome | ''>('');
  const load = useCallback((before: number | undefined, limit: number) => staffApi.securityEvents({ limit, before, action: action || undefined }), [action]);
  const list = usePagedList(load, beforeLastId, action);
  let content;
  if (list.failed) content = <ErrorState message={t('security.failed')} />;
  else if (!list.rows) content = <ListSkeleton rows={5} />;
  else if (!list.rows.length) content = <EmptyState icon={<GppGoodOutlined fontSize="inherit" />} title={t('security.empty')} />;
  else content = <EventRows events={list.rows} />;
  return (
    <>
      <TextInput select label={t('security.filter')} value={action} onChange={(e) => setAction(e.target.value as Outcome | '')} sx={{ minWidth: 240, mb: 1 }}>
        <option value="">{t('security.all')}</option>
        <option value="sign_in_failed">{t('security.action.sign_in_failed')}</option>
        <option value="locked_out">{t('security.action.locked_out')}</option>
        <option value="payment_notification_refused">{t('security.action.payment_notification_refused')}</option>
        <option value="refund_notification_refused">{t('security.action.refund_notification_refused')}</option>
      </TextInput>
      {content}
      <StaffPager list={list} label={t('security.title')} />
    </>
  );
}

/** `/staff/security-events`: refused sign-ins and lock-outs of the laboratory's staff, counted per 15 minutes, newest first. */
export function StaffSecurityEventsPage() {
  const { t } = useTranslation('staff');
  return (
    <>
      <PageHead title={t('security.title')} robots="noindex" />
      <PageContainer title={t('security.title')} subtitle={t('security.subtitle')}>
        <StaffGate>
          <SecurityEvents />
        </StaffGate>
      </PageContainer>
    </>
  );
}
