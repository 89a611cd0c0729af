import dynamic from 'next/dynamic';
import { VisitNeeds } from '@/features/nurse';
import { PageHead } from '@/components/PageHead';
import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, ListSkeleton, PageContainer } from '@/components';
import { TextInput } from '@/components/TextInput';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { routes } from '@/lib/routes';
import { formatLabTime } from '@/shared/labTime';
import { localName } from '@/shared/catalogueText';
import { useLanguage } from '@/i18n/useLanguage';
import type { NurseVisitDto, NurseVisitsDto, OrderAddressDto } from '@/shared/types/results';
import type { CatalogueI18nDto } from '@/shared/types/api';
import { StatusChip } from '@/features/orders';
import { staffApi } from '../lazyStaffApi';
import { shiftDate } from './staffDates';
import { useOpenedOnce } from '@/lib/useOpenedOnce';
import { StaffForbidden, StaffGate } from './StaffGate';
import { Notice } from '@/components/Notice';
import { LabZoneNote } from '@/components/LabZoneNote';
import { useFailureText } from '@/components/useFailureText';
import { STAFF_FAILURES } from '../staffFailures';
import { VisitStepButtons } from './VisitStepButtons';
import { VisitPayment } from './VisitPayment';

// The "not at home" question (MUI's Dialog) loads when a nurse first asks it.
const NotAtHomeDialog = dynamic(() => import('./NotAtHomeDialog').then((m) => m.NotAtHomeDialog), { ssr: false });

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** One line of the address for a map search: street, city, postal code, country. */
export function mapSearchUrl(a: OrderAddressDto): string {
  const query = [a.street, a.postalCode, a.city, a.country].filter(Boolean).join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

/** `tel:` keeps digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function ageOf(dateOfBirth: string, on: string): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [oy, om, od] = on.split('-').map(Number) as [number, number, number];
  return oy - y - (om < m || (om === m && od < d) ? 1 : 0);
}

type Feedback = { kind: 'success' | 'error'; text: string } | null;

function VisitCard({ v, day, timeZone, onChanged }: { v: NurseVisitDto; day: string; timeZone: string; onChanged: (v: NurseVisitDto, message: string) => void }) {
  const { t } = useTranslation('staff');
  const language = useLanguage();
  const [asking, setAsking] = useState(false);
  const dialogLoaded = useOpenedOnce(asking);
  const [note, setNote] = useState('');
  // "Write what happened" before anything is sent.
  const [noteMissing, setNoteMissing] = useState(false);
  const collected = useCall(async () => {
    await staffApi.setStatus(v.orderId, 'sample_collected');
    onChanged({ ...v, status: 'sample_collected', canMarkCollected: false, canMarkNotAtHome: false }, t('visits.savedCollected', { number: v.number }));
  });
  const notAtHome = useCall(async (text: string) => {
    const updated = await staffApi.notAtHome(v.orderId, text);
    setAsking(false);
    onChanged(updated, t('visits.savedNotAtHome', { number: v.number }));
  });
  const busy = collected.resource.status === Status.LOADING || notAtHome.resource.status === Status.LOADING;
  // A refusal by its code (staffFailures.ts), in the nurse's language.
  const collectedFailure = useFailureText(collected.resource.status === Status.ERROR ? collected.resource.error : null, STAFF_FAILURES);
  const noteFailure = notAtHome.resource.status === Status.ERROR ? notAtHome.resource.error : null;
  const noteFailureText = useFailureText(noteFailure, STAFF_FAILURES);
  const error = collectedFailure ? t('visits.failed', { reason: collectedFailure }) : null;
  const noteError = noteMissing ? t('visits.notAtHomeText') : noteFailure ? (noteFailure.fields.note ?? t('visits.failed', { reason: noteFailureText })) : null;
  // In the laboratory's time zone on a 24-hour clock, as every visit time is shown.
  const time = (iso: string) => formatLabTime(iso, language, timeZone, 'time');
  const a = v.address;
  const headingId = `visit-${v.orderId}`;
  // The nurse's steps are taken on the visit's day only: before it (or after) they show closed, and why.
  const closedBy = v.visitDay === 'today' ? undefined : `${headingId}-steps-closed`;
  // The catalogue's names in the nurse's language (English when an item has none).
  const named = (m: { name: string; i18n?: CatalogueI18nDto }) => localName(m, language);

  const collect = () => collected.run();

  const saveNotAtHome = async () => {
    if (!note.trim()) {
      notAtHome.reset();
      setNoteMissing(true);
      return;
    }
    setNoteMissing(false);
    await notAtHome.run(note.trim());
  };

  const place = [a.street, a.apartment && t('visits.apartment', { v: a.apartment })].filter(Boolean).join(', ');
  return (
    <Card variant="outlined" component="li" aria-labelledby={headingId}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
            {time(v.visit.start)}–{time(v.visit.end)}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{t('orders.number', { number: v.number })}</Typography>
          <StatusChip status={v.status} />
        </Box>
        <Typography sx={{ fontWeight: 600 }}>{place}</Typography>
        <Typography variant="body2">{[a.postalCode, a.city].filter(Boolean).join(' ')}</Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
          {a.entry && <Typography component="li" variant="body2">{t('visits.entry', { v: a.entry })}</Typography>}
          {a.floor && <Typography component="li" variant="body2">{t('visits.floor', { v: a.floor })}</Typography>}
          {a.intercomCode && (
            <Typography component="li" variant="body2" sx={{ fontWeight: 600 }}>
              {t('visits.intercom', { v: a.intercomCode })}
            </Typography>
          )}
          {a.notes && <Typography component="li" variant="body2">{t('visits.notes', { v: a.notes })}</Typography>}
        </Box>
        {v.redraw && (
          <Notice severity="info" sx={{ mt: 1 }} data-testid="visit-redraw">
            {v.redraw.butterfly ? t('visits.redrawButterfly') : t('visits.redraw')}
          </Notice>
        )}
        <VisitNeeds visit={v} timeZone={timeZone} />
        <VisitPayment v={v} timeZone={timeZone} onChanged={onChanged} />
        {v.notAtHome && (
          <Notice severity="warning" sx={{ mt: 1 }}>
            {t('visits.wasNotAtHome', { time: time(v.notAtHome.at), note: v.notAtHome.note })}
          </Notice>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          {v.phone && (
            <Button component="a" href={telHref(v.phone)} variant="outlined" startIcon={<PhoneOutlined />} sx={{ minHeight: 48 }}>
              {t('visits.call', { phone: v.phone })}
            </Button>
          )}
          <Button
            component="a"
            href={mapSearchUrl(a)}
            target="_blank"
            rel="noopener noreferrer"
            variant="outlined"
            startIcon={<MapOutlined />}
            aria-label={t('visits.mapLabel', { address: [place, a.city].filter(Boolean).join(', ') })}
            sx={{ minHeight: 48 }}
          >
            {t('visits.map')}
          </Button>
        </Box>

        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 2 }}>
          {t('visits.patients')}
        </Typography>
        <Box component="ul" sx={{ pl: 2.5, m: 0 }}>
          {v.patients.map((p) => (
            <li key={p.id}>
              <Typography variant="body2">
                <strong>
                  {p.firstName} {p.lastName}
                </strong>
                {` · ${t('visits.age', { age: ageOf(p.dateOfBirth, day) })} · `}
                {p.analyses.map((x) => named(x)).join(', ')}
              </Typography>
              {p.materials.length > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {p.materials.map((m) => t('visits.materialCount', { name: named(m), count: m.count })).join(', ')}
                </Typography>
              )}
            </li>
          ))}
        </Box>

        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 2 }}>
          {t('visits.bring')}
        </Typography>
        {v.materials.length === 0 ? (
          <Typography variant="body2">{t('visits.noMaterials')}</Typography>
        ) : (
          <Box component="ul" sx={{ pl: 2.5, m: 0 }} data-testid="visit-materials">
            {v.materials.map((m) => (
              <Typography component="li" variant="body2" key={m.name}>
                {t('visits.materialCount', { name: named(m), count: m.count })}
              </Typography>
            ))}
          </Box>
        )}

        {error && (
          <Notice severity="error" sx={{ mt: 1 }} role="alert">
            {error}
          </Notice>
        )}
        {(v.canMarkCollected || v.canMarkNotAtHome) && <VisitStepButtons v={v} closedBy={closedBy} onChanged={(u) => onChanged(u, '')} />}
        {(v.canMarkCollected || v.canMarkNotAtHome) && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            {v.canMarkCollected && (
              <Button variant="contained" onClick={() => void collect()} disabled={busy || !!closedBy} aria-describedby={closedBy} aria-label={t('visits.collectedLabel', { number: v.number })} sx={{ minHeight: 48, flex: '1 1 auto' }}>
                {t('visits.collected')}
              </Button>
            )}
            {v.canMarkNotAtHome && (
              <Button
                variant="outlined"
                color="warning"
                onClick={() => {
                  setNote('');
                  setNoteMissing(false);
                  notAtHome.reset();
                  setAsking(true);
                }}
                disabled={busy || !!closedBy}
                aria-describedby={closedBy}
                aria-label={t('visits.notAtHomeLabel', { number: v.number })}
                sx={{ minHeight: 48, flex: '1 1 auto' }}
              >
                {t('visits.notAtHome')}
              </Button>
            )}
          </Box>
        )}
        {(v.canMarkCollected || v.canMarkNotAtHome) && closedBy && (
          <Typography id={closedBy} variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="visit-steps-closed">
            {v.visitDay === 'ahead' ? t('visits.stepsAhead') : t('visits.stepsPast')}
          </Typography>
        )}
      </CardContent>
      {dialogLoaded && (
        <NotAtHomeDialog
          open={asking}
          titleId={`${headingId}-dialog`}
          note={note}
          onNoteChange={setNote}
          noteError={noteError}
          busy={busy}
          onCancel={() => setAsking(false)}
          onSave={() => void saveNotAtHome()}
        />
      )}
    </Card>
  );
}

function VisitsOfDay() {
  const { t } = useTranslation('staff');
  const language = useLanguage();
  const router = useRouter();
  const asked = isDate(router.query.day) ? router.query.day : undefined;
  const list = useCall((day: string | undefined) => staffApi.visits(day));
  // Visits changed on their cards, over the list they were changed in (a reload starts afresh).
  const [changed, setChanged] = useState<{ of: NurseVisitsDto; data: NurseVisitsDto } | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const loaded = list.resource.data;
  const data = changed && changed.of === loaded ? changed.data : loaded;
  const failure = list.resource.status === Status.ERROR ? list.resource.error : null;

  const { run } = list;
  useEffect(() => {
    void run(asked);
  }, [asked, run]);
  const load = () => void run(asked);

  const day = asked ?? data?.day;
  const go = (d: string) => {
    setFeedback(null);
    void router.replace({ pathname: routes.staffVisits.path, query: { day: d } }, undefined, { shallow: true });
  };

  let content;
  if (failure?.status === 403) content = <StaffForbidden />;
  else if (failure) content = <ErrorState message={t('visits.loadFailed')} onRetry={load} />;
  else if (!data || (asked && data.day !== asked)) content = <ListSkeleton rows={2} />;
  else if (data.visits.length === 0) content = <EmptyState icon={<EventBusyOutlined fontSize="inherit" />} title={t('visits.emptyTitle')} text={t('visits.emptyText')} />;
  else
    content = (
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('visits.listLabel', { date: data.day })}>
        {data.visits.map((v) => (
          <VisitCard
            key={v.orderId}
            v={v}
            day={data.day}
            timeZone={data.timeZone}
            onChanged={(updated, message) => {
              setChanged((c) => {
                const base = c && c.of === loaded ? c.data : loaded;
                return loaded && base ? { of: loaded, data: { ...base, visits: base.visits.map((x) => (x.orderId === updated.orderId ? updated : x)) } } : c;
              });
              // A one-tap step (on my way, arrived) shows itself on the card; no empty notice above.
              setFeedback(message ? { kind: 'success', text: message } : null);
            }}
          />
        ))}
      </Stack>
    );

  return (
    <>
      {day && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <IconButton onClick={() => go(shiftDate(day, -1))} aria-label={t('orders.previousDay')} sx={{ width: 48, height: 48 }}>
            <ChevronLeft />
          </IconButton>
          <TextInput
            type="date"
            label={t('orders.day')}
            value={day}
            onChange={(e) => isDate(e.target.value) && go(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { lang: language } }}
            sx={{ flex: 1, minWidth: 0 }}
          />
          <IconButton onClick={() => go(shiftDate(day, 1))} aria-label={t('orders.nextDay')} sx={{ width: 48, height: 48 }}>
            <ChevronRight />
          </IconButton>
        </Box>
      )}
      {/* Every time on the page is on the laboratory's clock: its zone named once, as on the other pages. */}
      {data && !failure && (
        <Box sx={{ mt: -1, mb: 2 }}>
          <LabZoneNote timeZone={data.timeZone} />
        </Box>
      )}
      {feedback && (
        <Notice severity={feedback.kind} sx={{ mb: 2 }} role="status">
          {feedback.text}
        </Notice>
      )}
      {content}
    </>
  );
}

/** `/staff/visits`: the nurse's day on a phone — visits in time order, what to bring, and the two outcomes. */
export function NurseVisitsPage() {
  const { t } = useTranslation('staff');
  return (
    <>
      <PageHead title={t('visits.title')} robots="noindex" />
      <PageContainer title={t('visits.title')} subtitle={t('visits.subtitle')}>
        <StaffGate allowNurse>
          <VisitsOfDay />
        </StaffGate>
      </PageContainer>
    </>
  );
}
