import { styled } from '@mui/material/styles';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/Money';
import type { AnalysisDto } from '@/shared/types/api';
import { selectPrice } from '../rules';

export interface AnalysisPriceProps {
  analysis: Pick<AnalysisDto, 'prices'>;
  variant?: TypographyProps['variant'];
}

/** The analysis's price in the laboratory's currency, or "Unavailable" when the laboratory has no price. */
export function AnalysisPrice({ analysis, variant = 'body1' }: AnalysisPriceProps) {
  const price = useMemo(() => selectPrice(analysis), [analysis]);
  if (!price) return <UnavailablePrice />;
  return (
    <Typography component="span" variant={variant} sx={{ fontWeight: 600, color: 'primary.main' }}>
      <Money amount={price.price} currency={price.currency} />
    </Typography>
  );
}

/** An outlined pill like a small outlined chip (MUI's Chip brings ~8 kB of script for a label). */
const Pill = styled('span')(({ theme }) => ({
  ...theme.typography.body2,
  display: 'inline-block',
  padding: '1px 8px',
  border: `1px solid ${theme.palette.grey[400]}`,
  borderRadius: 12,
  fontWeight: 400,
  color: theme.palette.text.primary,
  whiteSpace: 'nowrap',
}));

/** Only a row without a price needs translations (a list renders a price in every row). */
export function UnavailablePrice() {
  const { t } = useTranslation('catalogue');
  return <Pill title={t('unavailableHint')}>{t('unavailable')}</Pill>;
}
