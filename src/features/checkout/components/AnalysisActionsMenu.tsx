import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';

/** The actions of an analysis in the cart: remove it for this patient, or for everyone who has it. */
export function AnalysisActionsMenu({ anchor, everyone, onClose, onRemove, onRemoveEveryone }: {
  anchor: HTMLElement | null;
  everyone: boolean;
  onClose(): void;
  onRemove(): void;
  onRemoveEveryone(): void;
}) {
  const { t } = useTranslation('cart');
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <MenuItem sx={{ minHeight: 48 }} onClick={() => { onClose(); onRemove(); }}>
        {t('cart.removeForPatient')}
      </MenuItem>
      {everyone && (
        <MenuItem sx={{ minHeight: 48 }} onClick={() => { onClose(); onRemoveEveryone(); }}>
          {t('cart.removeForEveryone')}
        </MenuItem>
      )}
    </Menu>
  );
}
