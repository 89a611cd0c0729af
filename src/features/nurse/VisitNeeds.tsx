import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { VisitNeedsDto } from '@/shared/types/needs';
import { useNeedsText } from './needsText';
import { SampleCheckIn } from './SampleCheckIn';

/** What the nurse should know before the door opens: each patient's needs and the morning check-in. */
export function VisitNeeds({ visit, timeZone }: { visit: { needs?: VisitNeedsDto | null }; timeZone?: string }) {
  const { t } = useTranslation('staff');
  const text = useNeedsText();
  const needs = visit.needs;
  if (!needs || (!needs.patients.length && !needs.checkIn)) return null;
  return (
    <Box data-testid="visit-needs" sx={{ mt: 1 }}>
      {needs.patients.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
            {t('needs.title')}
          </Typography>
          <Box component="ul" sx={{ pl: 2.5, m: 0 }}>
            {needs.patients.map((p) => (
              <Typography component="li" variant="body2" key={p.patientId}>
                <strong>{p.name}</strong>: {text(p.needs).join(' · ')}
              </Typography>
            ))}
          </Box>
        </>
      )}
      <SampleCheckIn checkIn={needs.checkIn} timeZone={timeZone} />
    </Box>
  );
}
