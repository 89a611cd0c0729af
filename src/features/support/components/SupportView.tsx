import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageContainer } from '@/components';
import type { LaboratoryDto } from '@/shared/types/api';
import { useAppSelector } from '@/store/hooks';
import { PageHead } from '@/components/PageHead';
import { SupportForm } from './SupportForm';
import { selectCurrentUser } from '@/features/auth';
import { labAddress, labCity } from '@/shared/catalogueText';

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

/** A contact as a link row: icon, the address and what it is for (the look of MUI's list item button). */
function Contact({ href, external, icon, primary, secondary }: { href: string; external?: boolean; icon: ReactNode; primary: string; secondary: string }) {
  return (
    <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      <span className="contact-icon">{icon}</span>
      <span className="contact-text">
        <span className="contact-primary">{primary}</span>
        <span className="contact-secondary">{secondary}</span>
      </span>
    </a>
  );
}

const ContactList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '& a': {
    display: 'flex',
    alignItems: 'center',
    minHeight: 56,
    padding: theme.spacing(1, 2),
    color: 'inherit',
    textDecoration: 'none',
    '&:hover': { backgroundColor: theme.palette.action.hover },
  },
  '& .contact-icon': { display: 'inline-flex', minWidth: 56, color: theme.palette.primary.main },
  '& .contact-text': { display: 'flex', flexDirection: 'column', minWidth: 0, padding: theme.spacing(0.5, 0) },
  '& .contact-primary': { ...theme.typography.body1 },
  '& .contact-secondary': { ...theme.typography.body2, color: theme.palette.text.secondary, wordBreak: 'break-all' },
}));

/** The questions as native disclosure widgets in one outlined box (the look of MUI's outlined accordions). */
const Faq = styled('div')(({ theme }) => ({
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.background.paper,
  '& details + details': { borderTop: `1px solid ${theme.palette.divider}` },
  '& summary': {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(2),
    minHeight: 56,
    padding: theme.spacing(1, 2),
    cursor: 'pointer',
    listStyle: 'none',
    '&::-webkit-details-marker': { display: 'none' },
    '&:hover': { backgroundColor: theme.palette.action.hover },
  },
  '& .faq-question': { ...theme.typography.body1, fontWeight: 500, flex: 1 },
  '& .faq-icon': { color: theme.palette.action.active, transition: theme.transitions.create('transform') },
  '& details[open] .faq-icon': { transform: 'rotate(180deg)' },
  '& .faq-answer': { ...theme.typography.body1, color: theme.palette.text.secondary, margin: 0, padding: theme.spacing(1, 2, 2) },
}));

/** `/support`: the laboratory's contacts (the active one, else the server's), the FAQ and the contact form. */
export function SupportView(props: SupportViewProps) {
  const { t, i18n } = useTranslation(['help', 'catalogue']);
  const activeLab = useAppSelector((s) => s.lab.laboratory.data);
  const user = useAppSelector(selectCurrentUser);
  const laboratory = activeLab ?? props.laboratory;

  return (
    <PageContainer title={t('support.title')} subtitle={t('support.subtitle')}>
      <PageHead title={t('support.title')} description={t('support.subtitle')} canonicalUrl={props.canonicalUrl} />
      <Section id="support-contacts" title={t('support.contacts')}>
        {laboratory ? (
          <Card variant="outlined" sx={{ borderRadius: 2 }}>
            <CardContent sx={{ pb: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{t('support.laboratory', { city: labCity(laboratory, i18n.language), address: labAddress(laboratory, i18n.language) })}</Typography>
            </CardContent>
            <ContactList aria-label={t('support.contacts')}>
              {laboratory.email && (
                <li>
                  <Contact href={`mailto:${laboratory.email}`} icon={<EmailOutlined aria-hidden />} primary={laboratory.email} secondary={t('support.emailUs')} />
                </li>
              )}
              {laboratory.phone && (
                <li>
                  <Contact href={`tel:${laboratory.phone.replace(/[^+\d]/g, '')}`} icon={<PhoneOutlined aria-hidden />} primary={laboratory.phone} secondary={t('support.callUs')} />
                </li>
              )}
              {laboratory.aboutLink && (
                <li>
                  <Contact href={laboratory.aboutLink} external icon={<LanguageOutlined aria-hidden />} primary={t('support.aboutLab')} secondary={laboratory.aboutLink} />
                </li>
              )}
            </ContactList>
          </Card>
        ) : (
          <EmptyState title={t('catalogue:chooseLab')} text={t('support.chooseLabText')} />
        )}
      </Section>

      <Section id="support-faq" title={t('support.faq')}>
        <Faq>
          {FAQ_KEYS.map((key) => (
            <details key={key}>
              <summary>
                <span className="faq-question">{t(`faq.${key}.q`)}</span>
                <ExpandMore className="faq-icon" aria-hidden />
              </summary>
              <p className="faq-answer">{t(`faq.${key}.a`)}</p>
            </details>
          ))}
        </Faq>
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
