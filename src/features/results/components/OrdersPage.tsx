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
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import { CardSkeleton, EmptyState, Money, PageContainer } from '@/components';
import { routePath, routes } from '@/lib/routes';
import { useLanguage } from '@/i18n/useLanguage';
import { formatDateTime } from './format';
import { ResourceGate } from './ResourceGate';
import { StatusChip } from './StatusChip';
import { useResource } from './useResource';

/** `/orders`: the user's orders, newest first, with their status. */
export function OrdersPage() {
  const { t } = useTranslation('results');
  const language = useLanguage();
  const { session, resource, reload } = useResource('orders', []);
  return (
    <>
      <Head>
        <title>{`${t('orders.title')} · ${t('common:appName')}`}</title>
        <meta name="description" content={t('orders.description')} />
      </Head>
      <PageContainer title={t('orders.title')} subtitle={t('orders.subtitle')}>
        <ResourceGate session={session} resource={resource} onRetry={reload} backHref={routes.home.path} skeleton={<CardSkeleton cards={2} />}>
          {(items) =>
            items.length === 0 ? (
              <EmptyState
                icon={<ReceiptLongOutlined fontSize="inherit" />}
                title={t('orders.emptyTitle')}
                text={t('orders.emptyText')}
                action={
                  <Button component={NextLink} href={routes.search.path} variant="contained" sx={{ minHeight: 48 }}>
                    {t('list.orderTests')}
                  </Button>
                }
              />
            ) : (
              <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('orders.title')}>
                {items.map((o) => (
                  <Card key={o.id} variant="outlined" component="li">
                    <CardActionArea component={NextLink} href={routePath('orderDetail', { orderId: o.id })} sx={{ minHeight: 48 }}>
                      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                        <Box sx={{ flex: 1, minWidth: 0 }}>
                          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
                            <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
                              {t('list.order', { number: o.number })}
                            </Typography>
                            <StatusChip status={o.status} />
                          </Box>
                          <Typography variant="body2" color="text.secondary">
                            {t('orders.visit', { date: formatDateTime(o.visit.start, language) })} · {o.laboratory.cityName}
                          </Typography>
                          <Typography variant="body2" sx={{ mt: 0.5 }}>
                            {t('orders.counts', { analyses: o.analysisCount, count: o.patientCount })} · <Money amount={o.total.price} currency={o.total.currency} />
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
