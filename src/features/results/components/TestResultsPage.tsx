import Head from 'next/head';
import NextLink from 'next/link';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { useTranslation } from 'react-i18next';
import { CardSkeleton, EmptyState, PageContainer } from '@/components';
import { routePath, routes } from '@/lib/routes';
import { useLanguage } from '@/i18n/useLanguage';
import { formatDate } from './format';
import { ResourceGate } from './ResourceGate';
import { StatusChip } from './StatusChip';
import { useResource } from './useResource';

/** `/test-results`: the user's result sets, newest first, with their status. */
export function TestResultsPage() {
  const { t } = useTranslation('results');
  const language = useLanguage();
  const { session, resource, reload } = useResource('testResults', []);
  return (
    <>
      <Head>
        <title>{`${t('list.title')} · ${t('common:appName')}`}</title>
        <meta name="description" content={t('list.description')} />
      </Head>
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
        <ResourceGate session={session} resource={resource} onRetry={reload} backHref={routes.home.path} skeleton={<CardSkeleton cards={2} />}>
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
                  <Card key={r.id} variant="outlined" component="li">
                    <CardActionArea component={NextLink} href={routePath('testResultPatients', { testResultId: r.id })} sx={{ minHeight: 48 }}>
                      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                        <Box sx={{ flex: 1, minWidth: 0 }}>
                          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
                            <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
                              {t('list.order', { number: r.orderNumber })}
                            </Typography>
                            <StatusChip status={r.status} />
                          </Box>
                          <Typography variant="body2" color="text.secondary">
                            {t('list.sampled', { date: formatDate(r.visit.start, language) })} · {r.laboratory.cityName}
                          </Typography>
                          <Typography variant="body2" sx={{ mt: 0.5 }}>
                            {t('list.counts', { results: r.resultCount, analyses: r.analysisCount, count: r.patientCount })}
                            {r.flaggedCount > 0 && (
                              <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
                                {' · '}
                                {t('list.flagged', { count: r.flaggedCount })}
                              </Box>
                            )}
                          </Typography>
                        </Box>
                        <ChevronRight color="action" aria-hidden />
                      </CardContent>
                    </CardActionArea>
                  </Card>
                ))}
              </Stack>
            )
          }
        </ResourceGate>
      </PageContainer>
    </>
  );
}
