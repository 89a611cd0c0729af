import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Tag } from '@/components/Tag';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components';
import type { AnalysisDto, ProfileDto } from '@/shared/types/api';
import { useLanguage } from '@/i18n/useLanguage';
import { localDescription, localName } from '@/shared/catalogueText';
import { analysesTotal } from '@/lib/prices';

export type Addable = { type: 'analysis'; item: AnalysisDto } | { type: 'profile'; item: ProfileDto };

/** The analyses an addable puts into the cart. */
export const addableAnalyses = (a: Addable): AnalysisDto[] => (a.type === 'analysis' ? [a.item] : a.item.labServices);

/** Price of the addable in the active laboratory (sum of its analyses), or null when not sold there. */
export function addablePrice(a: Addable): { price: number; currency: string } | null {
  return analysesTotal(addableAnalyses(a), { whole: true });
}

/** The card of the add flow: what is being added and what it costs. */
export function AddableSummary({ addable }: { addable: Addable }) {
  const { t } = useTranslation('cartFlows');
  const language = useLanguage();
  const price = addablePrice(addable);
  const analyses = addableAnalyses(addable);
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
            <Tag size="small" label={addable.type === 'profile' ? t('add.profile') : t('add.analysis')} sx={{ mb: 1 }} />
            <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
              {localName(addable.item, language)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {addable.item.code}
            </Typography>
          </Box>
          <Typography variant="h6" component="p" sx={{ color: 'primary.main', fontWeight: 600 }}>
            {price ? <Money amount={price.price} currency={price.currency} /> : t('add.unavailable')}
          </Typography>
        </Box>
        {localDescription(addable.item, language) && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {localDescription(addable.item, language)}
          </Typography>
        )}
        {addable.type === 'profile' && (
          <List dense aria-label={t('add.includes')}>
            {analyses.map((a) => (
              <ListItem key={a.id} disableGutters>
                <ListItemText primary={localName(a, language)} secondary={a.code} />
                {a.prices[0] && <Money amount={a.prices[0].price} currency={a.prices[0].currency} />}
              </ListItem>
            ))}
          </List>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('add.materialsNote')}
        </Typography>
      </CardContent>
    </Card>
  );
}
