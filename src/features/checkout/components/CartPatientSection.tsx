import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timingLines } from '@/components/timingText';
import { Money } from '@/components/Money';
import type { AnalysisDto, MaterialCartRefDto, MoneyDto } from '@/shared/types/api';
import { useOpenedOnce } from '@/lib/useOpenedOnce';
import { useLanguage } from '@/i18n/useLanguage';
import { localName } from '@/shared/catalogueText';

// The menu (MUI's Menu, Popover and Modal) loads when first opened, not with the cart.
const AnalysisActionsMenu = dynamic(() => import('./AnalysisActionsMenu').then((m) => m.AnalysisActionsMenu), { ssr: false });

export interface CartPatientSectionProps {
  patientId: number;
  name: string;
  analyses: AnalysisDto[];
  materials: MaterialCartRefDto[];
  subtotal: MoneyDto;
  /** Patients in the cart per analysis (to offer "remove for everyone" only when it matters). */
  patientCountByAnalysis: Record<string, number>;
  disabled?: boolean;
  onRemoveAnalysis(analysisId: number): void;
  onRemoveAnalysisForEveryone(analysisId: number): void;
  onRemovePatient(): void;
}

function AnalysisActions({ analysis, everyone, disabled, onRemove, onRemoveEveryone }: {
  analysis: AnalysisDto;
  everyone: boolean;
  disabled?: boolean;
  onRemove(): void;
  onRemoveEveryone(): void;
}) {
  const { t } = useTranslation('cart');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuLoaded = useOpenedOnce(anchor !== null);
  return (
    <>
      <IconButton
        edge="end"
        aria-label={t('cart.analysisActions', { name: analysis.name })}
        aria-haspopup="menu"
        disabled={disabled}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ width: 48, height: 48 }}
      >
        <MoreVertIcon />
      </IconButton>
      {menuLoaded && <AnalysisActionsMenu anchor={anchor} everyone={everyone} onClose={() => setAnchor(null)} onRemove={onRemove} onRemoveEveryone={onRemoveEveryone} />}
    </>
  );
}

/** One patient's part of the cart: analyses, materials and subtotal. */
export function CartPatientSection(props: CartPatientSectionProps) {
  const { t } = useTranslation('cart');
  const language = useLanguage();
  const { name, analyses, materials, subtotal } = props;
  return (
    <Card component="section" variant="outlined" aria-label={name} sx={{ mb: 2 }}>
      <CardContent sx={{ pb: '8px !important' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <PersonOutlineIcon color="primary" aria-hidden />
          <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0, fontSize: '1.1rem' }}>
            {name}
          </Typography>
          <Button color="error" size="small" onClick={props.onRemovePatient} disabled={props.disabled} sx={{ minHeight: 48 }}>
            {t('cart.removePatient')}
          </Button>
        </Box>
        <Typography variant="overline" color="text.secondary" component="h3">
          {t('cart.analyses')}
        </Typography>
        <List dense disablePadding>
          {analyses.map((a) => {
            const price = a.prices[0];
            return (
              <ListItem
                key={a.id}
                disableGutters
                secondaryAction={
                  <AnalysisActions
                    analysis={a}
                    everyone={(props.patientCountByAnalysis[String(a.id)] ?? 0) > 1}
                    disabled={props.disabled}
                    onRemove={() => props.onRemoveAnalysis(a.id)}
                    onRemoveEveryone={() => props.onRemoveAnalysisForEveryone(a.id)}
                  />
                }
                sx={{ pr: 6 }}
              >
                <ListItemText
                  primary={localName(a, language)}
                  secondary={[a.code, ...timingLines(a.timing, t)].join(' · ')}
                  slotProps={{ primary: { sx: { fontWeight: 500 } } }}
                />
                <Box sx={{ ml: 1, textAlign: 'right' }}>
                  {price ? <Money amount={price.price} currency={price.currency} /> : <Typography variant="body2" color="error">{t('cart.unavailable')}</Typography>}
                </Box>
              </ListItem>
            );
          })}
        </List>
        {materials.length > 0 && (
          <>
            <Typography variant="overline" color="text.secondary" component="h3" sx={{ display: 'block', mt: 1 }}>
              {t('cart.materials')}
            </Typography>
            <List dense disablePadding>
              {materials.map((m) => (
                <ListItem key={m.material.id} disableGutters sx={{ pr: 6 }}>
                  <ListItemText
                    primary={localName(m.material, language)}
                    secondary={m.analysisIds.length > 1 ? t('cart.sharedMaterial', { count: m.analysisIds.length }) : m.material.optional ? t('cart.optionalMaterial') : undefined}
                  />
                  <Box sx={{ ml: 1, textAlign: 'right' }}>
                    {m.bought ? (
                      <Money amount={m.material.price} currency={subtotal.currency} />
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        {t('cart.broughtByPatient')}
                      </Typography>
                    )}
                  </Box>
                </ListItem>
              ))}
            </List>
          </>
        )}
        <Divider sx={{ my: 1 }} />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', py: 0.5, pr: 6 }}>
          <Typography sx={{ fontWeight: 600 }}>{t('cart.subtotal')}</Typography>
          <Typography sx={{ fontWeight: 600 }}>
            <Money amount={subtotal.price} currency={subtotal.currency} />
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
