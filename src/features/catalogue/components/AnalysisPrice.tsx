import Chip from '@mui/material/Chip';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/Money';
import type { AnalysisDto } from '@/lib/types/api';
import { selectPrice } from '../rules';

export interface AnalysisPriceProps {
  analysis: Pick<AnalysisDto, 'prices'>;
  variant?: TypographyProps['variant'];
}

/** The analysis's price in the laboratory's currency, or "Unavailable" when the laboratory has no price. */
export function AnalysisPrice({ analysis, variant = 'body1' }: AnalysisPriceProps) {
  const price = useMemo(() => selectPrice(analysis), [analysis]);
  if (!price) return <Unavailable />;
  return (
    <Typography component="span" variant={variant} sx={{ fontWeight: 600, color: 'primary.main' }}>
      <Money amount={price.price} currency={price.currency} />
    </Typography>
  );
}

/** Only a row without a price needs translations (a list renders a price in every row). */
function Unavailable() {
  const { t } = useTranslation('catalogue');
  return <Chip label={t('unavailable')} size="small" variant="outlined" title={t('unavailableHint')} />;
}
