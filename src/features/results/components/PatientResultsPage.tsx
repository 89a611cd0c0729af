import { PageHead } from '@/components/PageHead';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import MedicalInformationOutlined from '@mui/icons-material/MedicalInformationOutlined';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components';
import { routePath } from '@/lib/routes';
import { useLanguage } from '@/i18n/useLanguage';
import type { PatientResultsDto } from '@/shared/types/results';
import { resultsApi } from '../lazyResultsApi';
import { ResultList } from './ResultList';
import { CriticalBanner } from './ResultNotices';
import { useAccountAction } from '@/features/auth';
import { NOT_FOUND, ResourceGate } from '@/components/ResourceGate';
import { StatusChip } from '@/features/orders';
import { useResource } from './useResource';
import { idFrom } from '@/shared/ids';
import { Notice } from '@/components/Notice';
import { sampledText } from './sampledText';
import { ADULT_AGE, CO_DECIDE_AGE, ageOn } from '@/shared/household';
import { saveBlob } from '@/lib/saveBlob';
import { useCall } from '@/lib/store/useCall';
import { Status } from '@/lib/status';
import { useEffect } from 'react';

/** Saves the PDF or the FHIR bundle of one patient's results (the request carries the bearer token, so no plain link). */
function useDownload(data: PatientResultsDto | null, kind: 'pdf' | 'fhir') {
  const call = useCall(async () => {
    if (!data) return;
    const blob = await (kind === 'pdf' ? resultsApi.resultsPdf : resultsApi.resultsFhir)(data.testResult.id, data.patient.id);
    saveBlob(blob, `results-${data.testResult.orderNumber}-${data.patient.firstName}-${data.patient.lastName}.${kind === 'pdf' ? 'pdf' : 'fhir.json'}`);
  });
  return { loading: call.resource.status === Status.LOADING, failed: call.resource.status === Status.ERROR, download: call.run };
}

/** 16 or 17 today: the patient co-decides about their data (household consent); the guardian still reads the results. */
function coDecides(dateOfBirth: string): boolean {
  const age = ageOn(dateOfBirth, new Date());
  return age >= CO_DECIDE_AGE && age < ADULT_AGE;
}

/**
 * The share links section (its form and list) is a chunk of its own, requested as the page mounts:
 * it shows under the results, once they have arrived, so it is ready by then.
 */
const loadShareLinks = () => import('./ShareLinks').then((m) => m.ShareLinks);
const ShareLinks = dynamic(loadShareLinks, { ssr: false });

/** `/test-results/{testResultId}/patients/{patientId}`: every result of one patient in the set. */
export function PatientResultsPage() {
  const { t } = useTranslation('results');
  useEffect(() => {
    void loadShareLinks();
  }, []);
  const language = useLanguage();
  const { query } = useRouter();
  const id = idFrom(query.testResultId);
  const patientId = idFrom(query.patientId);
  const ok = id !== null && patientId !== null;
  const { session, resource, reload } = useResource('patientResults', ok ? [id, patientId] : null);
  const needAccount = useAccountAction();
  const data = resource.data;
  const pdf = useDownload(data, 'pdf');
  const fhir = useDownload(data, 'fhir');
  const name = data ? `${data.patient.firstName} ${data.patient.lastName}` : t('patient.title');
  const backHref = id ? routePath('testResultPatients', { testResultId: id }) : '/test-results';

  return (
    <>
      <PageHead title={name} />
      <PageContainer
        title={name}
        subtitle={data ? `${t('list.order', { number: data.testResult.orderNumber })} · ${sampledText(data.testResult, t, language)}` : undefined}
        actions={
          data ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button variant="contained" startIcon={<PictureAsPdfOutlined />} onClick={() => void pdf.download()} disabled={pdf.loading} sx={{ minHeight: 48 }}>
                {pdf.loading ? t('patient.pdfPreparing') : t('patient.pdf')}
              </Button>
              <Button variant="outlined" startIcon={<MedicalInformationOutlined />} onClick={() => void fhir.download()} disabled={fhir.loading} sx={{ minHeight: 48 }}>
                {t('patient.fhir')}
              </Button>
            </Box>
          ) : undefined
        }
      >
        {(pdf.failed || fhir.failed) && (
          <Notice severity="error" sx={{ mb: 2 }}>
            {t('patient.pdfFailed')}
          </Notice>
        )}
        <ResourceGate session={ok ? session : 'user'} onLogin={needAccount(null)} resource={ok ? resource : NOT_FOUND} onRetry={reload} backHref={backHref}>
          {(d) => (
            <>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
                <StatusChip status={d.testResult.status} />
                {d.results.some((r) => r.flag !== 'normal') && (
                  <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 600 }}>
                    {t('list.flagged', { count: d.results.filter((r) => r.flag !== 'normal').length })}
                  </Typography>
                )}
              </Box>
              {coDecides(d.patient.dateOfBirth) && (
                <Notice severity="info" sx={{ mb: 2 }}>
                  {t('consent.coDecides')}
                </Notice>
              )}
              <CriticalBanner results={d.results} laboratory={d.testResult.laboratory} actions />
              <ResultList
                results={d.results}
                language={language}
                timeZone={d.testResult.visit.timeZone}
                hrefOf={(r) => routePath('analysisResult', { testResultId: d.testResult.id, patientId: d.patient.id, analysisResultId: r.id })}
              />
              <ShareLinks testResultId={d.testResult.id} patientId={d.patient.id} language={language} />
              {d.pending.length > 0 && (
                <Box sx={{ mt: 3 }}>
                  <Typography variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: '1.05rem' }}>
                    <HourglassEmpty fontSize="small" aria-hidden /> {t('patient.pending')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {t('patient.pendingText')}
                  </Typography>
                  <Box component="ul" sx={{ m: 0, pl: 3 }}>
                    {d.pending.map((p) => (
                      <li key={p.analysisId}>
                        <Typography variant="body2">
                          {p.name} ({p.code})
                        </Typography>
                      </li>
                    ))}
                  </Box>
                </Box>
              )}
            </>
          )}
        </ResourceGate>
      </PageContainer>
    </>
  );
}
