import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AnalysisResultDto, ExplanationTextDto, OrderLaboratoryDto, ResultExplanationDto } from '@/shared/types/results';
import { Notice } from '@/components/Notice';
import { resultName } from '@/shared/catalogueText';
import NextLink from 'next/link';
import { routePath } from '@/lib/routes';
import { labCity } from '@/shared/catalogueText';

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

const linkSx = { color: 'inherit', fontWeight: 700, textDecoration: 'underline' } as const;

/**
 * A banner for results beyond critical limits: in text and colour, naming the analyses, with the
 * next steps right there: the emergency number of the laboratory's country, the laboratory's phone,
 * a one-tap repeat order of each critical analysis and sharing with a doctor (the patient's own views;
 * the doctor's shared view shows the numbers only).
 */
export function CriticalBanner({ results, laboratory, actions = false, shareHref = '#share-title' }: { results: AnalysisResultDto[]; laboratory?: OrderLaboratoryDto; actions?: boolean; shareHref?: string }) {
  const { t, i18n } = useTranslation('results');
  const critical = results.filter((r) => r.critical);
  if (!critical.length) return null;
  const emergency = laboratory?.emergencyNumber ?? '112';
  return (
    <Notice severity="error" variant="filled" sx={{ mb: 2 }} role="alert" data-testid="critical-banner">
      <b>{t('critical.title')}</b> {t('critical.text', { analyses: critical.map((r) => resultName(r, i18n.language)).join(', ') })}
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, '& li': { mb: 0.5 } }} data-testid="critical-next-steps">
        <li>
          {t('critical.emergency')}{' '}
          <Box component="a" href={`tel:${emergency}`} sx={linkSx}>
            {emergency}
          </Box>
        </li>
        {laboratory?.phone && (
          <li>
            {t('critical.callLab', { city: labCity(laboratory, i18n.language) })}{' '}
            <Box component="a" href={`tel:${laboratory.phone.replace(/\s+/g, '')}`} sx={linkSx}>
              {laboratory.phone}
            </Box>
          </li>
        )}
        {actions && (
          <li>
            {t('critical.repeat')}{' '}
            {critical.map((r, i) => (
              <span key={r.id}>
                {i > 0 && ', '}
                <Box component={NextLink} href={routePath('addToCart', { addableType: 'analysis', addableId: r.analysisId })} sx={linkSx}>
                  {t('critical.reorder', { name: resultName(r, i18n.language) })}
                </Box>
              </span>
            ))}
          </li>
        )}
        {actions && (
          <li>
            <Box component="a" href={shareHref} sx={linkSx}>
              {t('critical.share')}
            </Box>
          </li>
        )}
      </Box>
    </Notice>
  );
}
