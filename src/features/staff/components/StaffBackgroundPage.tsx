import { PageHead } from '@/components/PageHead';
import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, ListSkeleton, PageContainer } from '@/components';
import { formatDateTime } from '@/lib/format';
import { useLabTimeZone } from '@/features/lab';
import { useLanguage } from '@/i18n/useLanguage';
import type { BackgroundWorkDto } from '@/shared/types/backgroundWork';
import { staffApi } from '../lazyStaffApi';
import { StaffGate } from './StaffGate';
import { useCall } from '@/lib/store/useCall';
import { Status } from '@/lib/status';
import { useFailureText } from '@/components/useFailureText';

type Act = (kind: 'mails' | 'jobs', id: number | string, action: 'retry' | 'discard') => void;

function Actions({ kind, id, retry, discard, act, label }: { kind: 'mails' | 'jobs'; id: number | string; retry: boolean; discard: boolean; act: Act; label: string }) {
  const { t } = useTranslation('staff');
  return (
    <Stack direction="row" spacing={1}>
      {retry && (
        <Button size="small" variant="outlined" sx={{ minHeight: 44 }} onClick={() => act(kind, id, 'retry')} aria-label={`${t('background.retry')}: ${label}`}>
          {t('background.retry')}
        </Button>
      )}
      {discard && (
        <Button size="small" color="error" sx={{ minHeight: 44 }} onClick={() => act(kind, id, 'discard')} aria-label={`${t('background.discard')}: ${label}`}>
          {t('background.discard')}
        </Button>
      )}
    </Stack>
  );
}

function WorkTables({ work, act }: { work: BackgroundWorkDto; act: Act }) {
  const { t } = useTranslation('staff');
  const language = useLanguage();
  const zone = useLabTimeZone();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, language, zone) : '—');
  if (!work.mails.length && !work.jobs.length) return <EmptyState title={t('background.empty')} />;
  return (
    <Stack spacing={3}>
      {work.mails.length > 0 && (
        <section aria-labelledby="bg-mail">
          <Typography id="bg-mail" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {t('background.mail')}
          </Typography>
          <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-labelledby="bg-mail">
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('background.kind')}</TableCell>
                  <TableCell>{t('background.to')}</TableCell>
                  <TableCell>{t('background.status')}</TableCell>
                  <TableCell>{t('background.attempts')}</TableCell>
                  <TableCell>{t('background.lastError')}</TableCell>
                  <TableCell>{t('background.created')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {work.mails.map((m) => {
                  const label = t(`background.mailKind.${m.kind}`, { defaultValue: m.kind });
                  return (
                    <TableRow key={m.id}>
                      <TableCell>{label}</TableCell>
                      <TableCell>{m.to}</TableCell>
                      <TableCell>{t(`background.state.${m.status}`)}</TableCell>
                      <TableCell>{m.attempts}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-word' }}>{m.lastError ?? '—'}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(m.createdAt)}</TableCell>
                      <TableCell>
                        <Actions kind="mails" id={m.id} retry={m.status === 'failed'} discard={m.status !== 'sending'} act={act} label={label} />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </section>
      )}
      {work.jobs.length > 0 && (
        <section aria-labelledby="bg-jobs">
          <Typography id="bg-jobs" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {t('background.jobs')}
          </Typography>
          <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-labelledby="bg-jobs">
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('background.kind')}</TableCell>
                  <TableCell>{t('background.status')}</TableCell>
                  <TableCell>{t('background.attempts')}</TableCell>
                  <TableCell>{t('background.lastError')}</TableCell>
                  <TableCell>{t('background.runAt')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {work.jobs.map((j) => {
                  const label = t(`background.jobName.${j.name}`, { defaultValue: j.name });
                  return (
                    <TableRow key={j.id}>
                      <TableCell>{label}</TableCell>
                      <TableCell>{t(`background.state.${j.state}`)}</TableCell>
                      <TableCell>{j.attempts}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-word' }}>{j.lastError ?? '—'}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(j.runAt)}</TableCell>
                      <TableCell>
                        <Actions kind="jobs" id={j.id} retry={j.state === 'failed'} discard={j.state !== 'running' && j.discardable !== false} act={act} label={label} />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </section>
      )}
    </Stack>
  );
}

function BackgroundWork() {
  const { t } = useTranslation('staff');
  const loading = useCall(staffApi.background);
  const acting = useCall(staffApi.backgroundAction);
  const actionFailure = useFailureText(acting.resource.error, { codes: { money_job_not_discardable: 'staff:background.notDiscardable' }, fallback: 'staff:background.actionFailed' });
  const { run: load } = loading;
  useEffect(() => {
    void load();
  }, [load]);

  const work = loading.resource.data;
  // After an action the lists are loaded again (the page keeps showing them meanwhile).
  const act: Act = (kind, id, action) => void acting.run(kind, id, action).then((done) => done && load());

  if (loading.resource.status === Status.ERROR) return <ErrorState message={t('background.failed')} onRetry={() => void load()} />;
  if (!work) return <ListSkeleton rows={4} />;
  return (
    <>
      <div role="status" aria-live="polite">
        {acting.resource.status === Status.SUCCESS && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {t('background.done')}
          </Alert>
        )}
        {acting.resource.status === Status.ERROR && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {actionFailure}
          </Alert>
        )}
      </div>
      <WorkTables work={work} act={act} />
    </>
  );
}

/** `/staff/background`: the laboratory's mail and jobs that wait, are retried or failed, with "retry now" and "discard". */
export function StaffBackgroundPage() {
  const { t } = useTranslation('staff');
  return (
    <>
      <PageHead title={t('background.title')} robots="noindex" />
      <PageContainer title={t('background.title')}>
        <StaffGate>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('background.intro')}
          </Typography>
          <BackgroundWork />
        </StaffGate>
      </PageContainer>
    </>
  );
}
