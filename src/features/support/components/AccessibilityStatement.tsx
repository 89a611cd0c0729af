import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components';
import type { LaboratoryDto } from '@/shared/types/api';
import type { SupportContactInput } from '@/shared/validation/support';
import { formatDate } from '@/lib/format';
import { useLanguage } from '@/i18n/useLanguage';
import { useAppSelector } from '@/store/hooks';
import { PageHead } from '@/components/PageHead';
import { selectCurrentUser } from '@/features/auth';
import { SupportForm } from './SupportForm';

export interface AccessibilityStatementProps {
  canonicalUrl: string;
  laboratory: LaboratoryDto | null;
}

/** The date of the last review of the statement (update it with each review). */
export const STATEMENT_REVIEWED = '2026-11-26';
/** The countries the shop's laboratories serve, each with its enforcement body (texts in `help:accessibility.enforcement`). */
const COUNTRIES = ['PL', 'LT', 'BY'] as const;

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

const send = (body: SupportContactInput) => import('../supportApi').then((m) => m.reportBarrier({ ...body, page: typeof document !== 'undefined' ? document.referrer.slice(0, 300) : '' }));

/**
 * `/accessibility`: the accessibility statement the European Accessibility Act asks for: the standard
 * (WCAG 2.2 AA / EN 301 549), how it was tested, the known exception (the spec's non-zoomable
 * viewport), the date of the last review, a form to report a barrier (a ticket of the laboratory due
 * in 30 days) and the enforcement body of each country served.
 */
export function AccessibilityStatement(props: AccessibilityStatementProps) {
  const { t } = useTranslation('help');
  const language = useLanguage();
  const activeLab = useAppSelector((s) => s.lab.laboratory.data);
  const user = useAppSelector(selectCurrentUser);
  const laboratory = activeLab ?? props.laboratory;
  return (
    <PageContainer title={t('accessibility.title')} subtitle={t('accessibility.subtitle')}>
      <PageHead title={t('accessibility.title')} description={t('accessibility.subtitle')} canonicalUrl={props.canonicalUrl} />
      <Section id="a11y-standard" title={t('accessibility.standardTitle')}>
        <Typography>{t('accessibility.standard')}</Typography>
      </Section>
      <Section id="a11y-tested" title={t('accessibility.testedTitle')}>
        <Typography>{t('accessibility.tested')}</Typography>
      </Section>
      <Section id="a11y-exceptions" title={t('accessibility.exceptionsTitle')}>
        <Typography>{t('accessibility.exceptionViewport')}</Typography>
      </Section>
      <Section id="a11y-reviewed" title={t('accessibility.reviewedTitle')}>
        <Typography>{t('accessibility.reviewed', { date: formatDate(STATEMENT_REVIEWED, language) })}</Typography>
      </Section>
      <Section id="a11y-report" title={t('accessibility.reportTitle')}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('accessibility.reportIntro')}
        </Typography>
        <SupportForm
          laboratoryId={laboratory?.id ?? null}
          initialName={user ? `${user.firstName} ${user.lastName}`.trim() : ''}
          initialEmail={user?.email ?? ''}
          send={send}
          sentText={t('accessibility.sent')}
        />
      </Section>
      <Section id="a11y-enforcement" title={t('accessibility.enforcementTitle')}>
        <Typography sx={{ mb: 1 }}>{t('accessibility.enforcementIntro')}</Typography>
        <Box component="ul" sx={{ pl: 3, m: 0 }}>
          {COUNTRIES.map((c) => (
            <li key={c}>
              <Typography>{t(`accessibility.enforcement.${c}`)}</Typography>
            </li>
          ))}
        </Box>
      </Section>
    </PageContainer>
  );
}
