import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AnalysisResultDto } from '@/shared/types/results';
import { resultName } from '@/shared/catalogueText';

/**
 * A sensitive result (docs/notifications.md, "Sensitive results") before the patient asks to see it:
 * its name only, and a "Show result" button; the value, flag and explanation come after the tap.
 */
export function SensitiveRow({ result, language, divider, onShow }: { result: AnalysisResultDto; language: string; divider: boolean; onShow(): void }) {
  const { t } = useTranslation('results');
  return (
    <ListItem divider={divider} data-sensitive sx={{ minHeight: 64, gap: 1, flexWrap: 'wrap' }}>
      <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{resultName(result, language)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('sensitive.hidden')}
        </Typography>
      </Box>
      <Button variant="outlined" onClick={onShow} sx={{ minHeight: 48 }} aria-label={t('sensitive.showNamed', { name: resultName(result, language) })}>
        {t('sensitive.show')}
      </Button>
    </ListItem>
  );
}

/** How a held sensitive result was released: the doctor's note, or the laboratory's phone number. */
export function ReleaseNote({ result }: { result: AnalysisResultDto }) {
  const { t } = useTranslation('results');
  const release = result.release;
  if (!release) return null;
  return (
    <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }} data-testid="release-note">
      {release.by === 'doctor' ? t('sensitive.doctorNote', { note: release.note }) : t('sensitive.callLab', { phone: release.laboratoryPhone })}
    </Typography>
  );
}
