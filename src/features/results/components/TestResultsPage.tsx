import { PageHead } from '@/components/PageHead';
import NextLink from 'next/link';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { useTranslation } from 'react-i18next';
import { CardSkeleton, EmptyState, PageContainer } from '@/components';
import { routePath, routes } from '@/lib/routes';
import { useLanguage } from '@/i18n/useLanguage';
import { useAccountAction } from '@/features/auth';
import { ResourceGate } from '@/components/ResourceGate';
import { OrderListCard } from '@/features/orders';
import { useResource } from './useResource';
import { sampledText } from './sampledText';
import { labCity } from '@/shared/catalogueText';

/** `/test-results`: the user's result sets, newest first, with their status. */
export function TestResultsPage() {
  const { t } = useTranslation('results');
  const language = useLanguage();
  const { session, resource, reload } = useResource('testResults', []);
  const needAccount = useAccountAction();
  return (
    <>
      <PageHead title={t('list.title')} description={t('list.description')} />
      <PageContainer
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        actions={
          session === 'user' ? (
            <Button component={NextLink} href={routes.orders.path} variant="outlined" sx={{ minHeight: 48 }}>
              {t('list.myOrders')}
            </Button>
          ) : undefined
        }
      >
        <ResourceGate session={session} onLogin={needAccount(null)} resource={resource} onRetry={reload} backHref={routes.home.path} skeleton={<CardSkeleton cards={2} />}>
          {(items) =>
            items.length === 0 ? (
              <EmptyState
                icon={<ScienceOutlined fontSize="inherit" />}
                title={t('list.emptyTitle')}
                text={t('list.emptyText')}
                action={
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
                    <Button component={NextLink} href={routes.search.path} variant="contained" sx={{ minHeight: 48 }}>
                      {t('list.orderTests')}
                    </Button>
                    <Button component={NextLink} href={routes.orders.path} variant="outlined" sx={{ minHeight: 48 }}>
                      {t('list.myOrders')}
                    </Button>
                  </Stack>
                }
              />
            ) : (
              <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('list.title')}>
                {items.map((r) => (
                  <OrderListCard
                    key={r.id}
                    href={routePath('testResultPatients', { testResultId: r.id })}
                    heading={t('list.order', { number: r.orderNumber })}
                    status={r.status}
                    subtitle={`${r.patientNames?.length ? `${r.patientNames.join(', ')} · ` : ''}${sampledText(r, t, language)} · ${labCity(r.laboratory, language)}`}
                  >
                    {t('list.counts', { results: r.resultCount, analyses: r.analysisCount, count: r.patientCount })}
                    {r.flaggedCount > 0 && (
                      <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
                        {' · '}
                        {t('list.flagged', { count: r.flaggedCount })}
                    {r.criticalCount > 0 && (
                      <Box component="span" sx={{ color: 'error.main', fontWeight: 800 }} data-testid="critical-count">
                        {' · '}
                        {t('list.critical', { count: r.criticalCount })}
                      </Box>
                    )}
                      </Box>
                    )}
                  </OrderListCard>
                ))}
              </Stack>
            )
          }
        </ResourceGate>
      </PageContainer>
    </>
  );
}
