import { PageHead } from '@/components/PageHead';
import { localDate } from './localDate';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import dynamic from 'next/dynamic';
import { useEffect } from 'react';
import { Hl7Upload } from './Hl7Upload';
import { StaffRejections } from './StaffRejections';
import { StaffHeldResults } from './StaffHeldResults';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { TextInput } from '@/components/TextInput';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, ListSkeleton, PageContainer } from '@/components';
import { routePath, routes } from '@/lib/routes';
import { Status } from '@/lib/status';
import { useLanguage } from '@/i18n/useLanguage';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { StatusChip } from '@/features/orders';
import { formatDate } from '@/lib/format';
import { formatLabTime } from '@/shared/labTime';
import { staffOrdersRequested } from '../staffSlice';
import { shiftDate } from './staffDates';
import { StaffForbidden, StaffGate } from './StaffGate';

/** Today's date in the browser's time zone, YYYY-MM-DD. */


const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

function OrdersOfDay() {
  const { t } = useTranslation('staff');
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const router = useRouter();
  const stored = useAppSelector((s) => s.staff.date);
  const orders = useAppSelector((s) => s.staff.orders);
  const date = isDate(router.query.date) ? router.query.date : (stored ?? localDate());

  useEffect(() => {
    dispatch(staffOrdersRequested(date));
  }, [date, dispatch]);

  const go = (d: string) => void router.replace({ pathname: routes.staff.path, query: { date: d } }, undefined, { shallow: true });
  const time = (iso: string, zone: string) => formatLabTime(iso, language, zone, 'time');

  let content;
  if (orders.status === Status.ERROR && orders.error?.status === 403) content = <StaffForbidden />;
  else if (orders.status === Status.ERROR) content = <ErrorState message={t('loadFailed')} onRetry={() => dispatch(staffOrdersRequested(date))} />;
  else if (orders.status !== Status.SUCCESS && orders.data.length === 0) content = <ListSkeleton rows={3} />;
  else if (orders.data.length === 0) content = <EmptyState icon={<EventBusyOutlined fontSize="inherit" />} title={t('orders.emptyTitle')} text={t('orders.emptyText')} />;
  else
    content = (
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('orders.listLabel', { date: formatDate(date, language) })}>
        {orders.data.map((o) => (
          <Card key={o.id} variant="outlined" component="li">
            <CardActionArea component={NextLink} href={routePath('staffOrder', { orderId: o.id })} sx={{ minHeight: 48 }}>
              <CardContent>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
                  <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
                    {time(o.visit.start, o.visit.timeZone)}–{time(o.visit.end, o.visit.timeZone)}
                  </Typography>
                  <Typography sx={{ fontWeight: 600 }}>{t('orders.number', { number: o.number })}</Typography>
                  <StatusChip status={o.status} />
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {[[o.address.street, o.address.apartment, o.address.city].filter(Boolean).join(', '), o.contactPhone].filter(Boolean).join(' · ')}
                </Typography>
                {o.patients.map((p) => (
                  <Typography key={p.id} variant="body2" sx={{ mt: 0.5 }}>
                    <strong>
                      {p.firstName} {p.lastName}
                    </strong>
                    {': '}
                    {p.analyses.map((a) => a.code).join(', ')}
                  </Typography>
                ))}
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {t('orders.results', { done: o.resultCount, total: o.analysisCount })}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
    );

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <IconButton onClick={() => go(shiftDate(date, -1))} aria-label={t('orders.previousDay')} sx={{ width: 48, height: 48 }}>
          <ChevronLeft />
        </IconButton>
        <TextInput
          type="date"
          label={t('orders.day')}
          value={date}
          onChange={(e) => isDate(e.target.value) && go(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ minWidth: 180 }}
        />
        <IconButton onClick={() => go(shiftDate(date, 1))} aria-label={t('orders.nextDay')} sx={{ width: 48, height: 48 }}>
          <ChevronRight />
        </IconButton>
        {date !== localDate() && (
          <Typography component="button" onClick={() => go(localDate())} sx={{ border: 0, background: 'none', color: 'primary.main', cursor: 'pointer', minHeight: 48, font: 'inherit', textDecoration: 'underline' }}>
            {t('orders.today')}
          </Typography>
        )}
      </Box>
      {content}
    </>
  );
}

/**
 * The promo codes section (its form) is a chunk of its own, requested as the page mounts: it shows
 * behind the staff gate, once the session is known, so it is ready by then.
 */
const loadPromoCodes = () => import('./StaffPromoCodes').then((m) => m.StaffPromoCodes);
const StaffPromoCodes = dynamic(loadPromoCodes, { ssr: false });

/** `/staff`: the orders of the staff member's laboratory by visit day. */
export function StaffOrdersPage() {
  const { t } = useTranslation('staff');
  useEffect(() => {
    void loadPromoCodes();
  }, []);
  return (
    <>
      <PageHead title={t('orders.title')} robots="noindex" />
      <PageContainer title={t('orders.title')} subtitle={t('orders.subtitle')}>
        <StaffGate>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mb: 1 }}>
            <Button component={NextLink} href={routes.staffBackground.path} variant="outlined" sx={{ minHeight: 48 }}>
              {t('background.title')}
            </Button>
            <Button component={NextLink} href={routes.staffAudit.path} variant="outlined" startIcon={<HistoryOutlined />} sx={{ minHeight: 48 }}>
              {t('audit.open')}
            </Button>
            <Button component={NextLink} href={routes.staffMoney.path} variant="outlined" sx={{ minHeight: 48 }}>
              {t('money.open')}
            </Button>
            <Button component={NextLink} href={routes.staffSecurityEvents.path} variant="outlined" sx={{ minHeight: 48 }}>
              {t('security.open')}
            </Button>
            <Button component={NextLink} href={routes.staffBarrierReports.path} variant="outlined" sx={{ minHeight: 48 }}>
              {t('barriers.open')}
            </Button>
          </Box>
          <Hl7Upload />
          <OrdersOfDay />
          <Box sx={{ mt: 3 }}>
            <StaffPromoCodes />
          </Box>
          <StaffHeldResults />
          <StaffRejections />
        </StaffGate>
      </PageContainer>
    </>
  );
}
