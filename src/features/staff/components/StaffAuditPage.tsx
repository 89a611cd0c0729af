import { PageHead } from '@/components/PageHead';
import NextLink from 'next/link';
import { useCallback, useState } from 'react';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, ListSkeleton, PageContainer } from '@/components';
import { routePath } from '@/lib/routes';
import { formatDateTime } from '@/lib/format';
import { useLabTimeZone } from '@/features/lab';
import { useLanguage } from '@/i18n/useLanguage';
import { TextInput } from '@/components/TextInput';
import type { AuditActionDto, LabAuditRecordDto } from '@/shared/types/audit';
import { staffApi } from '../lazyStaffApi';
import { StaffGate } from './StaffGate';
import { StaffPager } from './StaffPager';
import { beforeLastId, usePagedList } from './usePagedList';

const ACTIONS: AuditActionDto[] = ['health_read', 'health_write', 'sign_in', 'password_changed', 'role_changed', 'account_exported', 'account_deleted', 'session_revoked', 'refresh_reuse', 'background_work', 'payment_paid', 'payment_rejected', 'refund_requested', 'refund_settled', 'barrier_closed'];

/** Who acted, as the trail names them: a staff member or patient by name or e-mail, a share link, the operator's command line, or nobody known. */
function useActor() {
  const { t } = useTranslation('staff');
  return (r: LabAuditRecordDto): string => {
    if (r.actorKind === 'share') return t('audit.actor.share');
    if (r.actorKind === 'operator') return t('audit.actor.operator');
    if (r.actorKind === 'anonymous') return t('audit.actor.anonymous');
    return r.actorName || r.actorEmail || t(`audit.actor.${r.actorKind}`);
  };
}

function AuditTable() {
  const { t } = useTranslation('staff');
  const [action, setAction] = useState<AuditActionDto | ''>('');
  const load = useCallback((before: number | undefined, limit: number) => staffApi.audit({ limit, before, action: action || undefined }), [action]);
  const list = usePagedList(load, beforeLastId, action);
  const records = list.rows;

  const filter = (
    <TextInput select label={t('audit.filter')} value={action} onChange={(e) => setAction(e.target.value as AuditActionDto | '')} sx={{ minWidth: 240, mb: 1 }}>
      <option value="">{t('audit.allActions')}</option>
      {ACTIONS.map((a) => (
        <option key={a} value={a}>
          {t(`audit.action.${a}`)}
        </option>
      ))}
    </TextInput>
  );
  let content;
  if (list.failed) content = <ErrorState message={t('audit.failed')} />;
  else if (!records) content = <ListSkeleton rows={5} />;
  else if (!records.length) content = <EmptyState icon={<HistoryOutlined fontSize="inherit" />} title={t('audit.empty')} />;
  else content = <AuditRows records={records} />;
  return (
    <>
      {filter}
      {content}
      <StaffPager list={list} label={t('audit.title')} />
    </>
  );
}

function AuditRows({ records }: { records: LabAuditRecordDto[] }) {
  const { t } = useTranslation('staff');
  const language = useLanguage();
  const zone = useLabTimeZone();
  const actor = useActor();
  return (
    // Scrolls sideways on a phone: focusable so the keyboard can scroll it too.
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={t('audit.title')}>
      <Table size="small" aria-label={t('audit.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('audit.when')}</TableCell>
            <TableCell>{t('audit.what')}</TableCell>
            <TableCell>{t('audit.who')}</TableCell>
            <TableCell>{t('audit.order')}</TableCell>
            <TableCell>{t('audit.detail')}</TableCell>
            <TableCell>{t('audit.address')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((r) => (
            <TableRow key={r.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.at, language, zone)}</TableCell>
              <TableCell>{t(`audit.action.${r.action}`)}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{actor(r)}</TableCell>
              <TableCell>
                {r.orderId !== null ? (
                  <Link component={NextLink} href={routePath('staffOrder', { orderId: r.orderId })}>
                    {r.orderNumber ?? r.orderId}
                  </Link>
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{r.detail || '—'}</TableCell>
              <TableCell>{r.clientIp || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** `/staff/audit`: the laboratory's audit trail (who read or changed health data, sign-ins, role changes), newest first. */
export function StaffAuditPage() {
  const { t } = useTranslation('staff');
  return (
    <>
      <PageHead title={t('audit.title')} robots="noindex" />
      <PageContainer title={t('audit.title')} subtitle={t('audit.subtitle')}>
        <StaffGate>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('audit.note')}
          </Typography>
          <AuditTable />
        </StaffGate>
      </PageContainer>
    </>
  );
}
