import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { zoneName } from '@/shared/labTime';

/** "Times in Warsaw time", "Часовой пояс: время Минска": said once on a page that shows times. */
export function labZoneText(t: TFunction, language: string, timeZone: string): string {
  return t('common:time.note', { zone: zoneName(new Date(0).toISOString(), language, timeZone) });
}

/** The page's one line naming the laboratory's zone its times are in. */
export function LabZoneNote({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation('common');
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="lab-zone-note">
      {labZoneText(t, i18n.language, timeZone)}
    </Typography>
  );
}
