import dynamic from 'next/dynamic';
import { styled } from '@mui/material/styles';
import { startTransition, useEffect, useId, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { LAB_DEFAULTS } from '@/shared/laboratory';
import { labAddress, labCity } from '@/shared/catalogueText';
import type { LaboratoryDto } from '@/shared/types/api';
import { containedButtonLook, textButtonLook } from '@/components/plainLooks';
import { canAutoFind, geolocationPermission, type GeoPermission } from './geolocation';
import { positionRequested, laboratoryChosen, manualSelectionRequested, selectorClosed, selectorOpened } from './labSlice';

// A failure or warning is rare: its notice (with its icons) loads when one is shown, so the selector's
// chunk, which every first visit downloads, does not carry copies of what the pages already have.
const Notice = dynamic(() => import('@/components/Notice').then((m) => m.Notice), { ssr: false });

/** "cityName, address" (spec §2), in the user's language where the laboratory has it. */
export const laboratoryLabel = (lab: Pick<LaboratoryDto, 'cityName' | 'address' | 'i18n'>, language: string) =>
  `${labCity(lab, language) || LAB_DEFAULTS.cityName}, ${labAddress(lab, language) || LAB_DEFAULTS.address}`;

/** A label whose hyphenated words (postal codes such as 02-715, LT-03116) are never broken across lines. */
function Unbroken({ text }: { text: string }) {
  return <>{text.split(/(\S+-\S+)/).map((part, i) => (i % 2 ? <span key={i} className="lab-nowrap">{part}</span> : part))}</>;
}

/** The application's root: made inert (out of reach of focus, pointer and assistive technology) while the selector is open. */
const APP_ROOT_ID = '__next';

/**
 * Laboratory selector (spec §2, §4, §5): step 1 manual choice, step 2 the closest laboratory.
 * Opens by itself while no laboratory is chosen and cannot be closed then; renders only after mount.
 *
 * A first visitor meets it on every page, so it is plain elements under one style sheet, not MUI's
 * Dialog, Modal, radio group and buttons: it is rendered in a portal with `aria-modal`, the page behind it is
 * `inert` (focus stays in the dialog), Escape closes it only when it may be closed, and the focus
 * goes back to where it was.
 */
export function LabSelectorModal() {
  const open = useAppSelector((s) => s.lab.selectorOpen);
  // Set by an effect, so the dialog renders only after mount. Opening renders as a transition: React
  // renders the dialog in slices, commits it, and runs its effects (the page made inert, the focus
  // moved in) in a task of their own, instead of one long task of a store update's synchronous
  // render. Closing is immediate.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(open));
  }, [open]);
  if (!open || !shown) return null;
  return createPortal(<SelectorDialog />, document.body);
}

function SelectorDialog() {
  const closable = useAppSelector((s) => Boolean(s.lab.activeLaboratoryId));
  const dispatch = useAppDispatch();
  const { t } = useTranslation('common');
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  // The page behind is inert while the selector is open; the focus moves in and comes back on close.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.getElementById(APP_ROOT_ID);
    root?.setAttribute('inert', '');
    ref.current?.focus();
    return () => {
      root?.removeAttribute('inert');
      opener?.focus();
    };
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    if (closable) dispatch(selectorClosed());
  };

  return (
    <Backdrop>
      <div className="lab-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} ref={ref} onKeyDown={onKeyDown}>
        <h2 id={titleId} className="lab-title">
          {t('lab.title')}
        </h2>
        <SelectorBody closable={closable} />
      </div>
    </Backdrop>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="lab-actions">{children}</div>;
}

/** A plain button in the look of MUI's text ("text") or filled ("contained") button. */
function ActionButton({ variant = 'text', ...props }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & { variant?: 'text' | 'contained' | 'inherit' }) {
  return <button type="button" className={`lab-button lab-${variant}`} {...props} />;
}

/** MUI's "MyLocation" icon. */
function LocateIcon() {
  return (
    <svg className="lab-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 8c-2.21 0-4 1.79-4 4s1.79 4 4 4 4-1.79 4-4-1.79-4-4-4m8.94 3c-.46-4.17-3.77-7.48-7.94-7.94V1h-2v2.06C6.83 3.52 3.52 6.83 3.06 11H1v2h2.06c.46 4.17 3.77 7.48 7.94 7.94V23h2v-2.06c4.17-.46 7.48-3.77 7.94-7.94H23v-2zM12 19c-3.87 0-7-3.13-7-7s3.13-7 7-7 7 3.13 7 7-3.13 7-7 7" />
    </svg>
  );
}

/** MUI's "PlaceOutlined" icon, in the primary colour. */
function PlaceIcon() {
  return (
    <svg className="lab-icon lab-place-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 12c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2m6-1.8C18 6.57 15.35 4 12 4s-6 2.57-6 6.2c0 2.34 1.95 5.44 6 9.14 4.05-3.7 6-6.8 6-9.14M12 2c4.2 0 8 3.22 8 8.2 0 3.32-2.67 7.25-8 11.8-5.33-4.55-8-8.48-8-11.8C4 5.22 7.8 2 12 2" />
    </svg>
  );
}

/** A spinner drawn like the top bar's (plain SVG and one keyframes rule, no MUI CircularProgress). */
function Spinner() {
  return (
    <svg className="lab-spinner" viewBox="0 0 44 44" aria-hidden="true" focusable="false">
      <circle cx="22" cy="22" r="20" />
    </svg>
  );
}

function Waiting({ text }: { text: string }) {
  return (
    <div className="lab-waiting">
      <Spinner />
      <p className="lab-text">{text}</p>
    </div>
  );
}

/**
 * Laboratories grouped by country and city, each group named "City, Country · currency" in the
 * user's language; the groups in the alphabetical order of their city in that language, and the
 * laboratories of a group by their address in it.
 */
export function groupByPlace(labs: readonly LaboratoryDto[], language: string): { key: string; heading: string; labs: LaboratoryDto[] }[] {
  let regions: Intl.DisplayNames | null = null;
  try {
    regions = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    regions = null;
  }
  const collator = new Intl.Collator(language, { numeric: true });
  const groups = new Map<string, { key: string; city: string; heading: string; labs: LaboratoryDto[] }>();
  for (const l of labs) {
    const key = `${l.country ?? ''}|${l.cityName}`;
    const country = l.country ? (regions?.of(l.country) ?? l.country) : '';
    const heading = [[labCity(l, language), country].filter(Boolean).join(', '), l.currency].filter(Boolean).join(' · ');
    const g = groups.get(key) ?? { key, city: labCity(l, language), heading, labs: [] };
    g.labs.push(l);
    groups.set(key, g);
  }
  return [...groups.values()]
    .sort((x, y) => collator.compare(x.city, y.city) || collator.compare(x.heading, y.heading))
    .map(({ key, heading, labs: list }) => ({ key, heading, labs: [...list].sort((x, y) => collator.compare(labAddress(x, language), labAddress(y, language))) }));
}

function SelectorBody({ closable }: { closable: boolean }) {
  const lab = useAppSelector((s) => s.lab);
  const dispatch = useAppDispatch();
  const { t, i18n } = useTranslation('common');
  const [selected, setSelected] = useState<string>(lab.activeLaboratoryId ?? '');
  const [showRequired, setShowRequired] = useState(false);
  const [permission, setPermission] = useState<GeoPermission | null>(null);
  const legendId = useId();
  const errorId = useId();

  useEffect(() => {
    let cancelled = false;
    void geolocationPermission().then((p) => {
      if (!cancelled) setPermission(p);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const closestLab = lab.closest ? lab.list.data.find((l) => l.id === lab.closest?.laboratoryId) : undefined;

  const confirmManual = () => {
    if (!selected) {
      setShowRequired(true);
      return;
    }
    dispatch(laboratoryChosen(selected));
  };

  const cancel = closable ? (
    <ActionButton onClick={() => dispatch(selectorClosed())}>{t('cancel')}</ActionButton>
  ) : null;

  if (lab.selectorStep === 'auto') {
    return (
      <>
        <div className="lab-content" aria-live="polite">
          {lab.autoFind.status === Status.LOADING && <Waiting text={t('lab.locating')} />}
          {lab.autoFind.status === Status.ERROR && (
            <Notice severity="error" sx={{ my: 1 }}>
              {t('Geolocation failed')}
            </Notice>
          )}
          {lab.autoFind.status === Status.SUCCESS && lab.noLaboratories && (
            <Notice severity="warning" sx={{ my: 1 }}>
              {t('lab.noneFound')}
            </Notice>
          )}
          {lab.autoFind.status === Status.SUCCESS && !lab.noLaboratories && !closestLab && <Waiting text={t('loading')} />}
          {closestLab && lab.closest && (
            <>
              <p className="lab-text lab-intro">{t('lab.autoIntro')}</p>
              <div className="lab-closest" data-testid="closest-laboratory">
                <PlaceIcon />
                <div>
                  <p className="lab-text lab-strong"><Unbroken text={laboratoryLabel(closestLab, i18n.language)} /></p>
                  <p className="lab-text lab-secondary">{t('lab.distance', { km: Math.round(lab.closest.miles * 1.609344) })}</p>
                </div>
              </div>
            </>
          )}
        </div>
        <Actions>
          {cancel}
          <ActionButton onClick={() => dispatch(manualSelectionRequested())}>{t('lab.selectManually')}</ActionButton>
          <ActionButton variant="contained" disabled={!closestLab} onClick={() => closestLab && dispatch(laboratoryChosen(closestLab.id))}>
            {t('lab.confirm')}
          </ActionButton>
        </Actions>
      </>
    );
  }

  const invalid = showRequired && !selected;
  return (
    <>
      <div className="lab-content">
        <p className="lab-text lab-intro">{t('lab.manualIntro')}</p>
        {(lab.list.status === Status.LOADING || lab.list.status === Status.INITIAL) && (
          <div className="lab-skeleton" aria-busy="true" aria-label={t('loading')}>
            <span />
            <span />
            <span />
          </div>
        )}
        {lab.list.status === Status.ERROR && (
          <Notice severity="error" sx={{ my: 1 }}>
            <span className="lab-retry">
              <span>{t('lab.listFailed')}</span>
              <ActionButton variant="inherit" onClick={() => dispatch(selectorOpened())}>
                {t('retry')}
              </ActionButton>
            </span>
          </Notice>
        )}
        {lab.list.status === Status.SUCCESS && lab.list.data.length === 0 && (
          <Notice severity="warning" sx={{ my: 1 }}>
            {t('lab.noneFound')}
          </Notice>
        )}
        {lab.list.status === Status.SUCCESS && lab.list.data.length > 0 && (
          <fieldset className="lab-group" aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined}>
            <legend id={legendId} className={invalid ? 'lab-legend lab-invalid' : 'lab-legend'}>
              {t('lab.label')}
            </legend>
            {groupByPlace(lab.list.data, i18n.language).map((g) => (
              <div key={g.key} role="group" aria-label={g.heading} className="lab-place">
                <p className="lab-text lab-strong lab-place-heading">{g.heading}</p>
                {g.labs.map((l) => (
                  <label key={l.id} className="lab-option">
                    <input
                      type="radio"
                      name="laboratory"
                      value={l.id}
                      checked={selected === l.id}
                      onChange={(e) => {
                        setSelected(e.target.value);
                        setShowRequired(false);
                      }}
                    />
                    <span><Unbroken text={laboratoryLabel(l, i18n.language)} /></span>
                  </label>
                ))}
              </div>
            ))}
            {invalid && (
              <p id={errorId} className="lab-helper lab-invalid">
                {t('Laboratory is required')}
              </p>
            )}
          </fieldset>
        )}
      </div>
      <Actions>
        {cancel}
        {permission !== null && canAutoFind(permission) && (
          <ActionButton onClick={() => dispatch(positionRequested())}>
            <LocateIcon />
            {t('lab.find')}
          </ActionButton>
        )}
        <ActionButton variant="contained" onClick={confirmManual}>
          {t('lab.confirm')}
        </ActionButton>
      </Actions>
    </>
  );
}

/** The dimmed page and, centred on it (the whole screen on a phone), the dialog: one style sheet. */
const Backdrop = styled('div')(({ theme }) => ({
  position: 'fixed',
  inset: 0,
  // Above the cookie banner (10000): the page behind, banner included, is inert until a laboratory is chosen.
  zIndex: 10001,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: theme.spacing(4),
  backgroundColor: 'rgba(0, 0, 0, 0.5)',
  animation: 'lab-fade 150ms ease-out',
  '@keyframes lab-fade': { from: { opacity: 0 } },
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
  [theme.breakpoints.down('sm')]: { padding: 0, alignItems: 'stretch' },
  '& .lab-dialog': {
    display: 'flex',
    flexDirection: 'column',
    width: '100%',
    maxWidth: theme.breakpoints.values.sm,
    maxHeight: '100%',
    backgroundColor: theme.palette.background.paper,
    color: theme.palette.text.primary,
    borderRadius: theme.shape.borderRadius,
    boxShadow: theme.shadows[24],
    outline: 'none',
    [theme.breakpoints.down('sm')]: { maxWidth: 'none', borderRadius: 0 },
  },
  '& .lab-title': { ...theme.typography.h6, flexShrink: 0, margin: 0, padding: theme.spacing(2, 3), color: theme.palette.primary.main, fontWeight: 600 },
  // The title and the actions stay in view; a long list scrolls between them.
  '& .lab-content': { flex: '1 1 auto', overflowY: 'auto', padding: theme.spacing(0, 3, 2), minHeight: 120 },
  '& .lab-text': { ...theme.typography.body1, margin: 0 },
  '& .lab-intro': { color: theme.palette.text.secondary, marginBottom: theme.spacing(2) },
  '& .lab-strong': { fontWeight: 600 },
  '& .lab-secondary': { ...theme.typography.body2, color: theme.palette.text.secondary },
  '& .lab-waiting': { display: 'flex', alignItems: 'center', gap: theme.spacing(2), padding: theme.spacing(3, 0) },
  '& .lab-closest': {
    display: 'flex',
    gap: theme.spacing(1.5),
    alignItems: 'flex-start',
    padding: theme.spacing(2),
    border: `1px solid ${theme.palette.primary.main}`,
    borderRadius: theme.shape.borderRadius,
  },
  '& .lab-retry': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: theme.spacing(1) },
  '& .lab-group': { border: 0, margin: 0, padding: 0, minWidth: 0 },
  '& .lab-legend': { ...theme.typography.body1, color: theme.palette.text.secondary, padding: 0, marginBottom: theme.spacing(1) },
  '& .lab-invalid': { color: theme.palette.error.main },
  '& .lab-helper': { ...theme.typography.caption, margin: theme.spacing(0.5, 1.75, 0) },
  '& .lab-option': {
    ...theme.typography.body1,
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1.5),
    minHeight: 48,
    padding: theme.spacing(0, 1),
    borderRadius: theme.shape.borderRadius,
    cursor: 'pointer',
    '&:hover': { backgroundColor: theme.palette.action.hover },
  },
  '& .lab-place + .lab-place': { marginTop: 8 },
  '& .lab-place-heading': { margin: '4px 0 0' },
  '& .lab-nowrap': { whiteSpace: 'nowrap' },
  '& .lab-option input': { width: 20, height: 20, margin: 0, flexShrink: 0, accentColor: theme.palette.primary.main, cursor: 'pointer' },
  '& .lab-skeleton span': {
    display: 'block',
    height: 48,
    marginBottom: theme.spacing(1),
    borderRadius: theme.shape.borderRadius,
    backgroundColor: theme.palette.action.hover,
  },
  '& .lab-actions': { flexShrink: 0, display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: theme.spacing(1), padding: theme.spacing(1, 3, 2) },
  '& .lab-button': textButtonLook(theme),
  '& .lab-contained': containedButtonLook(theme),
  '& .lab-inherit': { color: 'inherit', '&:hover': { backgroundColor: theme.palette.action.hover } },
  '& .lab-icon': { width: 20, height: 20, fill: 'currentColor', flexShrink: 0 },
  '& .lab-place-icon': { width: 24, height: 24, color: theme.palette.primary.main },
  '& .lab-spinner': { width: 28, height: 28, flexShrink: 0, color: theme.palette.primary.main, animation: 'lab-spin 1.4s linear infinite' },
  '& .lab-spinner circle': { fill: 'none', stroke: 'currentColor', strokeWidth: 3.6, strokeDasharray: '80 200', strokeLinecap: 'round' },
  '@keyframes lab-spin': { to: { transform: 'rotate(360deg)' } },
}));
