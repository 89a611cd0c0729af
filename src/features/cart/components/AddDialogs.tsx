import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components';
import { Choice, ChoiceGroup } from '@/components/Choice';
import type { MaterialDto } from '@/shared/types/api';
import { localName } from '@/shared/catalogueText';
import { useLanguage } from '@/i18n/useLanguage';

/** Asks, per optional material, whether to buy it from the laboratory or bring one's own. */
export function MaterialDecisionDialog({ open, materials, currency, onDecide, onCancel }: {
  open: boolean;
  /** The materials to decide on, with their suggested value (true: buy). */
  materials: { material: MaterialDto | null; id: string; suggested: boolean }[];
  currency: string;
  onDecide(map: Record<string, boolean>): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('cartFlows');
  const language = useLanguage();
  // The dialog is keyed by its question, so the answers start from the suggestions each time.
  const [values, setValues] = useState<Record<string, boolean>>(() => Object.fromEntries(materials.map((m) => [m.id, m.suggested])));
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="material-decision-title" fullWidth maxWidth="xs">
      <DialogTitle id="material-decision-title">{t('add.materialTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('add.materialText')}</DialogContentText>
        {materials.map((m) => (
          <ChoiceGroup key={m.id} legendStrong legend={m.material ? localName(m.material, language) : t('add.materialFallback', { id: m.id })}>
            {(['buy', 'own'] as const).map((choice) => (
              <Choice
                key={choice}
                type="radio"
                name={`material-${m.id}`}
                value={choice}
                checked={(values[m.id] === false ? 'own' : 'buy') === choice}
                onChange={() => setValues((v) => ({ ...v, [m.id]: choice === 'buy' }))}
                label={
                  choice === 'buy' ? (
                    <span>
                      {t('add.buy')} {m.material && <Money amount={m.material.price} currency={currency} />}
                    </span>
                  ) : (
                    t('add.bringOwn')
                  )
                }
              />
            ))}
          </ChoiceGroup>
        ))}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} sx={{ minHeight: 48 }}>
          {t('add.cancel')}
        </Button>
        <Button variant="contained" onClick={() => onDecide(values)} sx={{ minHeight: 48 }}>
          {t('add.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Lists the patients an addable does not apply to (sex or age restrictions). */
export function RestrictionDialog({ open, names, addedForOthers, onClose }: { open: boolean; names: string[]; addedForOthers: boolean; onClose(): void }) {
  const { t } = useTranslation('cartFlows');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="restriction-title" fullWidth maxWidth="xs">
      <DialogTitle id="restriction-title">{t('add.restrictionTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('add.restrictionText')}</DialogContentText>
        <List dense>
          {names.map((n) => (
            <ListItem key={n}>
              <ListItemText primary={n} />
            </ListItem>
          ))}
        </List>
        <DialogContentText>{addedForOthers ? t('add.restrictionAddedOthers') : t('add.restrictionNothingAdded')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus sx={{ minHeight: 48 }}>
          {t('add.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
