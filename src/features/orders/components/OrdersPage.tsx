import { PageHead } from '@/components/PageHead';
import NextLink from 'next/link';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import { CardSkeleton, EmptyState, Money, PageContainer } from '@/components';
import { routePath, routes } from '@/lib/routes';
import { useLanguage } from '@/i18n/useLanguage';
import { formatVisitWindow } from '@/shared/labTime';
import { LabZoneNote } from '@/components/LabZoneNote';
import { useAccountAction } from '@/features/auth';
import { ResourceGate } from '@/components/ResourceGate';
import { useOrders } from './useOrders';
import { OrderListCard } from './OrderListCard';
import { labCity } from '@/shared/catalogueText';

/** `/orders`: the user's orders, newest first, with their status. */
export function OrdersPage() {
  const { t } = useTranslation('results');
  const language = useLanguage();
  const { session, resource, reload } = useOrders();
  const needAccount = useAccountAction();
  return (
    <>
      <PageHead title={t('orders.title')} description={t('orders.description')} />
      <PageContainer title={t('orders.title')} subtitle={t('orders.subtitle')}>
        <ResourceGate session={session} onLogin={needAccount(null)} resource={resource} onRetry={reload} backHref={routes.home.path} skeleton={<CardSkeleton cards={2} />}>
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
              <>
              {/* Each laboratory's zone said once above the list, not after every visit. */}
              {[...new Set(items.map((o) => o.visit.timeZone))].map((zone) => (
                <LabZoneNote key={zone} timeZone={zone} />
              ))}
              <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('orders.title')}>
                {items.map((o) => (
                  <OrderListCard
                    key={o.id}
                    href={routePath('orderDetail', { orderId: o.id })}
                    heading={t('list.order', { number: o.number })}
                    status={o.status}
                    subtitle={`${t('orders.visit', { date: formatVisitWindow(o.visit.start, o.visit.end, language, o.visit.timeZone, null, 'date') })} · ${labCity(o.laboratory, language)}`}
                  >
                    {t('orders.counts', { analyses: o.analysisCount, count: o.patientCount })} · <Money amount={o.total.price} currency={o.total.currency} />
                  </OrderListCard>
                ))}
              </Stack>
              </>
            )
          }
        </ResourceGate>
      </PageContainer>
    </>
  );
}
