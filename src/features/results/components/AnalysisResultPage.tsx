import { PageHead } from '@/components/PageHead';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CardSkeleton, PageContainer } from '@/components';
import { routePath } from '@/lib/routes';
import { useLanguage } from '@/i18n/useLanguage';
import { FlagChip } from './FlagChip';
import { CriticalBanner, Explanation } from './ResultNotices';
import { FLAG_COLOURS, formatDate, formatRange, formatValue } from '@/lib/format';
import { displayUnit } from '@/shared/units';
import { useAccountAction } from '@/features/auth';
import { NOT_FOUND, ResourceGate } from '@/components/ResourceGate';
import { TrendChart } from './TrendChart';
import { useResource } from './useResource';
import { idFrom } from '@/shared/ids';
import { resultName } from '@/shared/catalogueText';
import { sampledText } from './sampledText';

/**
 * `/test-results/{testResultId}/patients/{patientId}/analysis-results/{analysisResultId}`: one result
 * with its description and range, and the same analysis over the patient's orders (chart and table).
 */
export function AnalysisResultPage() {
  const { t } = useTranslation('results');
  const language = useLanguage();
  const { query } = useRouter();
  const id = idFrom(query.testResultId);
  const patientId = idFrom(query.patientId);
  const resultId = idFrom(query.analysisResultId);
  const ok = id !== null && patientId !== null && resultId !== null;
  const { session, resource, reload } = useResource('analysisResult', ok ? [id, patientId, resultId] : null);
  const needAccount = useAccountAction();
  const data = resource.data;
  const backHref = id && patientId ? routePath('testResultPatient', { testResultId: id, patientId }) : '/test-results';

  return (
    <>
      <PageHead title={data ? resultName(data.result, language) : t('analysis.title')} />
      <PageContainer
        title={data ? resultName(data.result, language) : t('analysis.title')}
        subtitle={data ? `${data.patient.firstName} ${data.patient.lastName} · ${sampledText(data.testResult, t, language)}` : undefined}
      >
        <ResourceGate session={ok ? session : 'user'} onLogin={needAccount(null)} resource={ok ? resource : NOT_FOUND} onRetry={reload} backHref={backHref} skeleton={<CardSkeleton cards={2} />}>
          {(d) => {
            const r = d.result;
            const range = formatRange(r, language);
            const out = r.flag !== null && r.flag !== 'normal';
            const numericPoints = d.history.filter((h) => typeof h.value === 'number').length;
            return (
              <>
                <CriticalBanner results={[r]} laboratory={data?.testResult.laboratory} actions shareHref={`${backHref}#share-title`} />
                <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3, borderLeft: r.critical ? 10 : 6, borderLeftColor: r.critical ? FLAG_COLOURS.critical.bg : out && r.flag ? FLAG_COLOURS[r.flag].fg : 'success.main' }}>
                  <Typography variant="overline" color="text.secondary">
                    {t('analysis.yourResult')}
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
                    <Typography component="p" sx={{ fontSize: { xs: '2rem', sm: '2.5rem' }, fontWeight: 700, color: r.critical ? FLAG_COLOURS.critical.bg : out && r.flag ? FLAG_COLOURS[r.flag].fg : 'text.primary' }} data-testid="result-value">
                      {formatValue(r, language)}
                    </Typography>
                    <FlagChip flag={r.flag} interpretation={r.interpretation} size="medium" />
                  </Box>
                  {r.preliminary && (
                    <Typography sx={{ mt: 1, fontWeight: 700 }} data-testid="preliminary">
                      {t('preliminary.label')}: {t('preliminary.help')}
                    </Typography>
                  )}
                  <Typography sx={{ mt: 1 }}>{range ? t('patient.range', { range }) : t('patient.noRange')}</Typography>
                  {out && (
                    <Typography variant="body2" sx={{ mt: 1 }}>
                      {t(`analysis.explain.${r.flag}`)}
                    </Typography>
                  )}
                  {r.comment && (
                    <Typography variant="body2" sx={{ mt: 1 }}>
                      {t('analysis.comment', { comment: r.comment })}
                    </Typography>
                  )}
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                    {r.analysisCode} · {t('list.order', { number: d.testResult.orderNumber })}
                  </Typography>
                  {r.correctedAt && (
                    <Box sx={{ mt: 2 }} data-testid="corrected">
                      <Typography sx={{ fontWeight: 700 }}>{t('corrected.on', { date: formatDate(r.correctedAt, language, d.testResult.visit.timeZone) })}</Typography>
                      <Typography variant="body2" component="h2" sx={{ mt: 1, fontWeight: 600 }}>
                        {t('corrected.earlier')}
                      </Typography>
                      <Box component="ul" sx={{ m: 0, pl: 3 }}>
                        {(d.revisions ?? []).map((v) => (
                          <Typography component="li" variant="body2" key={v.replacedAt + String(v.value)}>
                            {t('corrected.revision', { value: formatValue(v, language), date: formatDate(v.replacedAt, language, d.testResult.visit.timeZone), reason: v.reason })}
                          </Typography>
                        ))}
                      </Box>
                    </Box>
                  )}
                </Paper>

                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {t('analysis.about')}
                </Typography>
                <Typography sx={{ mb: 1, whiteSpace: 'pre-line' }}>{d.description || t('analysis.noDescription')}</Typography>
                <Paper variant="outlined" sx={{ mb: 3, pt: 1 }}>
                  <Explanation result={r} language={language} open />
                </Paper>

                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {t('analysis.trend')}
                </Typography>
                {numericPoints >= 2 ? (
                  <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, mb: 2 }}>
                    <TrendChart points={d.history} refLow={r.refLow} refHigh={r.refHigh} unit={displayUnit(r.unit, language)} timeZone={d.testResult.visit.timeZone} language={language} currentResultId={r.id} />
                  </Paper>
                ) : (
                  <Typography color="text.secondary" sx={{ mb: 2 }}>
                    {t('analysis.trendEmpty')}
                  </Typography>
                )}
                <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-label={t('analysis.historyLabel')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('analysis.date')}</TableCell>
                        <TableCell>{t('analysis.value')}</TableCell>
                        <TableCell>{t('analysis.flag')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {[...d.history].reverse().map((h) => (
                        <TableRow key={h.resultId} selected={h.resultId === r.id}>
                          <TableCell>
                            {formatDate(h.at, language, d.testResult.visit.timeZone)}
                            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                              {t('list.order', { number: h.orderNumber })}
                            </Typography>
                          </TableCell>
                          <TableCell sx={{ fontWeight: h.flag !== 'normal' ? 700 : 400 }}>{formatValue(h, language)}</TableCell>
                          <TableCell>
                            <FlagChip flag={h.flag} />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Paper>
              </>
            );
          }}
        </ResourceGate>
      </PageContainer>
    </>
  );
}
