import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { LAB_DEFAULTS } from '@/lib/laboratory';
import type { LaboratoryDto } from '@/lib/types/api';
import { ErrorState } from '@/components/ErrorState';
import { ListSkeleton } from '@/components/Skeletons';
import { useMounted } from '@/lib/useMounted';
import { canAutoFind, geolocationPermission, type GeoPermission } from './geolocation';
import { findRequested, laboratoryChosen, manualSelectionRequested, selectorClosed, selectorOpened } from './labSlice';

/** "cityName, address" (spec §2). */
export const laboratoryLabel = (lab: Pick<LaboratoryDto, 'cityName' | 'address'>) => `${lab.cityName || LAB_DEFAULTS.cityName}, ${lab.address || LAB_DEFAULTS.address}`;

/**
 * Laboratory selector (spec §2, §4, §5): step 1 manual choice, step 2 the closest laboratory.
 * Opens by itself while no laboratory is chosen and cannot be closed then; renders only after mount.
 */
export function LabSelectorModal() {
  const mounted = useMounted();
  const open = useAppSelector((s) => s.lab.selectorOpen);
  const closable = useAppSelector((s) => Boolean(s.lab.activeLaboratoryId));
  const dispatch = useAppDispatch();
  const { t } = useTranslation('common');
  const theme = useTheme();
  // Rendered in the browser only (after mount): read the media query at once instead of rendering twice.
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  if (!mounted) return null;
  return (
    <Dialog
      open={open}
      onClose={closable ? () => dispatch(selectorClosed()) : undefined}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      // Keep the actions above the cookie banner while it is shown.
      sx={{ '& .MuiDialog-container': { pb: 'var(--cookie-banner-height, 0px)' } }}
    >
      <DialogTitle id={titleId} sx={{ color: 'primary.main', fontWeight: 600 }}>
        {t('lab.title')}
      </DialogTitle>
      {open && <SelectorBody closable={closable} />}
    </Dialog>
  );
}

function SelectorBody({ closable }: { closable: boolean }) {
  const lab = useAppSelector((s) => s.lab);
  const dispatch = useAppDispatch();
  const { t } = useTranslation('common');
  const [selected, setSelected] = useState<string>(lab.activeLaboratoryId ?? '');
  const [showRequired, setShowRequired] = useState(false);
  const [permission, setPermission] = useState<GeoPermission | null>(null);
  const groupLabelId = useId();

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
    <Button onClick={() => dispatch(selectorClosed())} sx={{ minHeight: 48 }}>
      {t('cancel')}
    </Button>
  ) : null;

  if (lab.selectorStep === 'auto') {
    return (
      <>
        <DialogContent>
          <Box aria-live="polite" sx={{ minHeight: 120 }}>
            {lab.autoFindStatus === Status.LOADING && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }}>
                <CircularProgress size={28} />
                <Typography>{t('lab.locating')}</Typography>
              </Box>
            )}
            {lab.autoFindStatus === Status.ERROR && <Alert severity="error">{t('Geolocation failed')}</Alert>}
            {lab.autoFindStatus === Status.SUCCESS && lab.autoFindError === 'noLaboratories' && <Alert severity="warning">{t('lab.noneFound')}</Alert>}
            {lab.autoFindStatus === Status.SUCCESS && !lab.autoFindError && !closestLab && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }}>
                <CircularProgress size={28} />
                <Typography>{t('loading')}</Typography>
              </Box>
            )}
            {closestLab && lab.closest && (
              <>
                <Typography color="text.secondary" sx={{ mb: 1 }}>
                  {t('lab.autoIntro')}
                </Typography>
                <Box
                  data-testid="closest-laboratory"
                  sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', p: 2, border: 1, borderColor: 'primary.main', borderRadius: 2 }}
                >
                  <PlaceOutlinedIcon color="primary" />
                  <Box>
                    <Typography sx={{ fontWeight: 600 }}>{laboratoryLabel(closestLab)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('lab.distance', { miles: lab.closest.miles })}
                    </Typography>
                  </Box>
                </Box>
              </>
            )}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {cancel}
          <Button onClick={() => dispatch(manualSelectionRequested())} sx={{ minHeight: 48 }}>
            {t('lab.selectManually')}
          </Button>
          <Button
            variant="contained"
            disabled={!closestLab}
            onClick={() => closestLab && dispatch(laboratoryChosen(closestLab.id))}
            sx={{ minHeight: 48 }}
          >
            {t('lab.confirm')}
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('lab.manualIntro')}
        </Typography>
        {(lab.list.status === Status.LOADING || lab.list.status === Status.INITIAL) && <ListSkeleton rows={3} />}
        {lab.list.status === Status.ERROR && <ErrorState message={t('lab.listFailed')} onRetry={() => dispatch(selectorOpened())} />}
        {lab.list.status === Status.SUCCESS && lab.list.data.length === 0 && <Alert severity="warning">{t('lab.noneFound')}</Alert>}
        {lab.list.status === Status.SUCCESS && lab.list.data.length > 0 && (
          <FormControl error={showRequired && !selected} fullWidth>
            <FormLabel id={groupLabelId} sx={{ mb: 1 }}>
              {t('lab.label')}
            </FormLabel>
            <RadioGroup
              aria-labelledby={groupLabelId}
              value={selected}
              onChange={(e) => {
                setSelected(e.target.value);
                setShowRequired(false);
              }}
            >
              {lab.list.data.map((l) => (
                <FormControlLabel
                  key={l.id}
                  value={l.id}
                  control={<Radio />}
                  label={laboratoryLabel(l)}
                  sx={{ minHeight: 48, mr: 0, borderRadius: 1, '&:hover': { bgcolor: 'action.hover' } }}
                />
              ))}
            </RadioGroup>
            {showRequired && !selected && <FormHelperText>{t('Laboratory is required')}</FormHelperText>}
          </FormControl>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {cancel}
        {permission !== null && canAutoFind(permission) && (
          <Button startIcon={<MyLocationIcon />} onClick={() => dispatch(findRequested())} sx={{ minHeight: 48 }}>
            {t('lab.find')}
          </Button>
        )}
        <Button variant="contained" onClick={confirmManual} sx={{ minHeight: 48 }}>
          {t('lab.confirm')}
        </Button>
      </DialogActions>
    </>
  );
}
