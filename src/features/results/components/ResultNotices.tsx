import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AnalysisResultDto, ExplanationTextDto, ResultExplanationDto } from '@/lib/types/results';
import { Notice } from '@/components/Notice';
import { resultName } from '@/lib/catalogueText';

/** The explanation in the user's language (English when the language has none). */
export function explanationIn(e: ResultExplanationDto | undefined, language: string): ExplanationTextDto | null {
  if (!e) return null;
  return e[language as keyof ResultExplanationDto] ?? e.en;
}

/** What the analysis measures, what low and high commonly mean, and that a doctor interprets. */
export function Explanation({ result, language, open = false }: { result: AnalysisResultDto; language: string; open?: boolean }) {
  const { t } = useTranslation('results');
  const e = explanationIn(result.explanation, language);
  if (!e) return null;
  const direction = result.interpretation === 'L' || result.interpretation === 'LL' ? e.low : result.interpretation === 'H' || result.interpretation === 'HH' || result.interpretation === 'A' ? e.high : null;
  return (
    <Box component="details" open={open} sx={{ px: 2, pb: 1.5, '& summary': { cursor: 'pointer', color: 'primary.main', fontWeight: 600, py: 0.5, minHeight: 24 } }} data-testid="explanation">
      <Typography component="summary" variant="body2">
        {t('explain.summary', { name: resultName(result, language) })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        <b>{t('explain.measures')}</b> {e.measures}
      </Typography>
      {direction && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          <b>{t('explain.yourValue')}</b> {direction}
        </Typography>
      )}
      {!direction && (e.low || e.high) && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {[e.low, e.high].filter(Boolean).join(' ')}
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic' }}>
        {e.doctor}
      </Typography>
    </Box>
  );
}

/** A banner for results beyond critical limits: in text and colour, naming the analyses. */
export function CriticalBanner({ results }: { results: AnalysisResultDto[] }) {
  const { t, i18n } = useTranslation('results');
  const critical = results.filter((r) => r.critical);
  if (!critical.length) return null;
  return (
    <Notice severity="error" variant="filled" sx={{ mb: 2 }} role="alert" data-testid="critical-banner">
      <b>{t('critical.title')}</b> {t('critical.text', { analyses: critical.map((r) => resultName(r, i18n.language)).join(', ') })}
    </Notice>
  );
}
