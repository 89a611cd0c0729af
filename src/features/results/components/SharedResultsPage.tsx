import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import MedicalInformationOutlined from '@mui/icons-material/MedicalInformationOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageContainer } from '@/components';
import { LanguageSwitcher } from '@/features/account';
import { PageHead } from '@/components/PageHead';
import { useLanguage } from '@/i18n/useLanguage';
import { API_ROOT } from '@/lib/config';
import type { SharedResultsDto } from '@/shared/types/results';
import { ResultList } from './ResultList';
import { CriticalBanner } from './ResultNotices';
import { formatDate, formatDateTime } from '@/lib/format';
import { timeZoneOfCountry } from '@/shared/timeZones';
import { LabZoneNote } from '@/components/LabZoneNote';
import { labCity } from '@/shared/catalogueText';

export type SharedResultsPageProps = { state: 'ok'; token: string; data: SharedResultsDto } | { state: 'gone' } | { state: 'busy' };

/**
 * `/shared/results/{token}`: what a doctor sees through a share link, without signing in: the
 * patient's name, the results with ranges, flags and explanations, and the PDF and FHIR downloads.
 * An expired or revoked link says so (answered with 410), and so does a link opened too often (429).
 * The first visit is in the browser's language (see src/server/ssr/pageLanguage.ts); a language
 * switch on the page changes it.
 */
export function SharedResultsPage(props: SharedResultsPageProps) {
  const { t } = useTranslation('results');
  const language = useLanguage();
  const head = (
    <PageHead title={props.state === 'ok' ? `${props.data.patient.firstName} ${props.data.patient.lastName}` : t(props.state === 'busy' ? 'shared.busyTitle' : 'shared.goneTitle')} robots="noindex, nofollow">
      <meta name="referrer" content="no-referrer" />
    </PageHead>
  );
  // The doctor may not read the patient's language: the page (and its PDF) switch here.
  const languageSwitch = (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
      <LanguageSwitcher />
    </Box>
  );
  if (props.state !== 'ok') {
    const which = props.state === 'busy' ? 'busy' : 'gone';
    return (
      <PageContainer maxWidth="sm">
        {head}
        {languageSwitch}
        <EmptyState
          icon={<LinkOffOutlined fontSize="inherit" />}
          title={<span role="heading" aria-level={1}>{t(`shared.${which}Title`)}</span>}
          text={t(`shared.${which}Text`)}
        />
      </PageContainer>
    );
  }
  const { data, token } = props;
  const zone = data.laboratory.timeZone ?? timeZoneOfCountry('PL');
  const base = `${API_ROOT}shared-results/${encodeURIComponent(token)}`;
  return (
    <>
      {head}
      <PageContainer
        title={`${data.patient.firstName} ${data.patient.lastName}`}
        subtitle={t('shared.subtitle', {
          born: formatDate(data.patient.dateOfBirth, language),
          sex: t(`shared.sex.${data.patient.gender}`),
          date: formatDate(data.sampledAt, language, zone),
          number: data.orderNumber,
        })}
        actions={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" href={`${base}/pdf`} startIcon={<PictureAsPdfOutlined />} sx={{ minHeight: 48 }}>
              {t('patient.pdf')}
            </Button>
            <Button variant="outlined" href={`${base}/fhir`} startIcon={<MedicalInformationOutlined />} sx={{ minHeight: 48 }} download>
              {t('shared.fhir')}
            </Button>
          </Box>
        }
      >
        {languageSwitch}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('shared.notice', { date: formatDateTime(data.expiresAt, language, zone), city: labCity(data.laboratory, language) })}
        </Typography>
        <LabZoneNote timeZone={zone} />
        <CriticalBanner results={data.results} />
        <ResultList results={data.results} language={language} timeZone={zone} />
        {data.pending.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('shared.pending', { names: data.pending.map((p) => p.name).join(', ') })}
          </Typography>
        )}
      </PageContainer>
    </>
  );
}
