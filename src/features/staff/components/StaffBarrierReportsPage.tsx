import { PageHead } from '@/components/PageHead';
import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccessibilityNewOutlined from '@mui/icons-material/AccessibilityNewOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, ListSkeleton, PageContainer, useToast } from '@/components';
import { TextInput } from '@/components/TextInput';
import { formatDate } from '@/lib/format';
import { useLabTimeZone } from '@/features/lab';
import { useLanguage } from '@/i18n/useLanguage';
import type { BarrierReportDto, BarrierStatusFilter } from '@/shared/validation/accessibility';
import { staffApi } from '../lazyStaffApi';
import { StaffGate } from './StaffGate';
import { StaffPager } from './StaffPager';
import { usePagedList } from './usePagedList';
import { useCall } from '@/lib/store/useCall';
import { Status } from '@/lib/status';

const sameReport = (a: BarrierReportDto, b: BarrierReportDto) => a.id === b.id;

function Report({ report, now, onClose }: { report: BarrierReportDto; now: number; onClose: (r: BarrierReportDto) => Promise<void> }) {
  const { t } = useTranslation('staff');
  const language = useLanguage();
  const zone = useLabTimeZone();
  const closing = useCall(onClose);
  const open = report.status === 'open';
  const overdue = open && Date.parse(report.dueAt) < now;
  const headingId = `barrier-${report.id}`;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, borderLeftWidth: overdue ? 4 : 1, borderLeftColor: overdue ? 'error.main' : undefined }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, color: 'text.primary', wordBreak: 'break-word' }}>
          {report.name} · {report.email}
        </Typography>
        <Stack direction="row" spacing={1}>
          {overdue && <Chip icon={<WarningAmberOutlined />} color="error" label={t('barriers.overdue')} />}
          <Chip icon={open ? undefined : <CheckCircleOutline />} variant="outlined" label={t(`barriers.status.${report.status}`)} />
        </Stack>
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('barriers.reported', { date: formatDate(report.createdAt, language, zone) })} · <strong>{t('barriers.due', { date: formatDate(report.dueAt, language, zone) })}</strong>
      </Typography>
      {report.page && (
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {t('barriers.page', { page: report.page })}
        </Typography>
      )}
      <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{report.message}</Typography>
      {open && (
        <Button
          variant="outlined"
          disabled={closing.resource.status === Status.LOADING}
          sx={{ mt: 1.5, minHeight: 48 }}
          aria-label={`${t('barriers.close')}: ${report.name}`}
          onClick={() => void closing.run(report)}
        >
          {t('barriers.close')}
        </Button>
      )}
    </Paper>
  );
}

function BarrierReports() {
  const { t } = useTranslation('staff');
  const toast = useToast();
  const [status, setStatus] = useState<BarrierStatusFilter | ''>('open');
  // The moment the page opened: what is overdue does not change while it is read.
  const [now] = useState(() => Date.now());
  const load = useCallback((offset: number | undefined, limit: number) => staffApi.barrierReports({ limit, offset: offset ?? 0, status: status || undefined }), [status]);
  const list = usePagedList(load, (rows: BarrierReportDto[], offset: number | undefined) => (offset ?? 0) + rows.length, status);
  const { replace } = list;
  const close = useCallback(
    (report: BarrierReportDto) =>
      staffApi
        .closeBarrierReport(report.id)
        .then((r) => {
          replace(r, sameReport);
          toast.success(t('barriers.closed'));
        })
        .catch(() => toast.error(t('barriers.closeFailed'))),
    [replace, toast, t],
  );
  let content;
  if (list.failed) content = <ErrorState message={t('barriers.failed')} />;
  else if (!list.rows) content = <ListSkeleton rows={3} />;
  else if (!list.rows.length) content = <EmptyState icon={<AccessibilityNewOutlined fontSize="inherit" />} title={t('barriers.empty')} />;
  else
    content = (
      <Stack spacing={2}>
        {list.rows.map((r) => (
          <Report key={r.id} report={r} now={now} onClose={close} />
        ))}
      </Stack>
    );
  return (
    <>
      <TextInput select label={t('barriers.filter')} value={status} onChange={(e) => setStatus(e.target.value as BarrierStatusFilter | '')} sx={{ minWidth: 240, mb: 1 }}>
        <option value="open">{t('barriers.show.open')}</option>
        <option value="overdue">{t('barriers.show.overdue')}</option>
        <option value="closed">{t('barriers.show.closed')}</option>
        <option value="">{t('barriers.show.all')}</option>
      </TextInput>
      {content}
      <StaffPager list={list} label={t('barriers.title')} />
    </>
  );
}

/** `/staff/barrier-reports`: accessibility barriers reported to the laboratory, each due 30 days after the report; overdue ones are marked. */
export function StaffBarrierReportsPage() {
  const { t } = useTranslation('staff');
  return (
    <>
      <PageHead title={t('barriers.title')} robots="noindex" />
      <PageContainer title={t('barriers.title')} subtitle={t('barriers.subtitle')}>
        <StaffGate>
          <BarrierReports />
        </StaffGate>
      </PageContainer>
    </>
  );
}
