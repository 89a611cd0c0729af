import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageContainer } from '@/components';
import type { LaboratoryDto } from '@/lib/types/api';
import { useAppSelector } from '@/store/hooks';
import { SeoHead } from '@/features/catalogue';
import { SupportForm } from './SupportForm';
import { selectCurrentUser } from '@/features/auth';

export interface SupportViewProps {
  canonicalUrl: string;
  /** The laboratory of the visitor's cookie (or the first one), for the server-rendered page. */
  laboratory: LaboratoryDto | null;
}

const FAQ_KEYS = ['visit', 'preparation', 'results', 'family', 'cancel', 'unavailable', 'privacy'] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 4 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' }, fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** `/support`: the laboratory's contacts (the active one, else the server's), the FAQ and the contact form. */
export function SupportView(props: SupportViewProps) {
  const { t } = useTranslation('catalogue');
  const activeLab = useAppSelector((s) => s.lab.laboratory.data);
  const user = useAppSelector(selectCurrentUser);
  const laboratory = activeLab ?? props.laboratory;

  return (
    <PageContainer title={t('support.title')} subtitle={t('support.subtitle')}>
      <SeoHead title={t('support.title')} description={t('support.subtitle')} canonicalUrl={props.canonicalUrl} />
      <Section id="support-contacts" title={t('support.contacts')}>
        {laboratory ? (
          <Card variant="outlined" sx={{ borderRadius: 2 }}>
            <CardContent sx={{ pb: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{t('support.laboratory', { city: laboratory.cityName, address: laboratory.address })}</Typography>
            </CardContent>
            <List aria-label={t('support.contacts')} disablePadding>
              {laboratory.email && (
                <ListItem disablePadding>
                <ListItemButton component="a" href={`mailto:${laboratory.email}`} sx={{ minHeight: 56 }}>
                  <ListItemIcon sx={{ color: 'primary.main' }}>
                    <EmailOutlined aria-hidden />
                  </ListItemIcon>
                  <ListItemText primary={laboratory.email} secondary={t('support.emailUs')} />
                </ListItemButton>
                </ListItem>
              )}
              {laboratory.phone && (
                <ListItem disablePadding>
                <ListItemButton component="a" href={`tel:${laboratory.phone.replace(/[^+\d]/g, '')}`} sx={{ minHeight: 56 }}>
                  <ListItemIcon sx={{ color: 'primary.main' }}>
                    <PhoneOutlined aria-hidden />
                  </ListItemIcon>
                  <ListItemText primary={laboratory.phone} secondary={t('support.callUs')} />
                </ListItemButton>
                </ListItem>
              )}
              {laboratory.aboutLink && (
                <ListItem disablePadding>
                <ListItemButton component="a" href={laboratory.aboutLink} target="_blank" rel="noopener noreferrer" sx={{ minHeight: 56 }}>
                  <ListItemIcon sx={{ color: 'primary.main' }}>
                    <LanguageOutlined aria-hidden />
                  </ListItemIcon>
                  <ListItemText primary={t('support.aboutLab')} secondary={laboratory.aboutLink} slotProps={{ secondary: { sx: { wordBreak: 'break-all' } } }} />
                </ListItemButton>
                </ListItem>
              )}
            </List>
          </Card>
        ) : (
          <EmptyState title={t('chooseLab')} text={t('support.chooseLabText')} />
        )}
      </Section>

      <Section id="support-faq" title={t('support.faq')}>
        {FAQ_KEYS.map((key) => (
          <Accordion key={key} disableGutters variant="outlined" sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}>
            <AccordionSummary expandIcon={<ExpandMore />} sx={{ minHeight: 56 }} aria-controls={`faq-${key}-content`} id={`faq-${key}-header`}>
              <Typography sx={{ fontWeight: 500 }}>{t(`faq.${key}.q`)}</Typography>
            </AccordionSummary>
            <AccordionDetails id={`faq-${key}-content`}>
              <Typography color="text.secondary">{t(`faq.${key}.a`)}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Section>

      <Section id="support-form" title={t('support.formTitle')}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('support.formIntro')}
        </Typography>
        <SupportForm
          laboratoryId={laboratory?.id ?? null}
          initialName={user ? `${user.firstName} ${user.lastName}`.trim() : ''}
          initialEmail={user?.email ?? ''}
        />
      </Section>
    </PageContainer>
  );
}
