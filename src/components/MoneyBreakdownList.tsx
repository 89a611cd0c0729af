import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { toMajor } from '@/shared/money';
import type { MoneyBreakdown } from '@/shared/breakdown';
import { Money } from './Money';
import { localName } from '@/shared/catalogueText';
import { useLanguage } from '@/i18n/useLanguage';

function Row({ label, minor, currency, strong, from, testId }: { label: string; minor: number; currency: string; strong?: boolean; from?: boolean; testId?: string }) {
  const { t } = useTranslation('cart');
  const variant = strong ? 'h6' : 'body2';
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }} data-testid={testId} data-minor={minor}>
      <Typography variant={variant} component="span" sx={{ fontWeight: strong ? 700 : 400, fontSize: strong ? '1.1rem' : undefined }}>
        {label}
      </Typography>
      <Typography variant={variant} component="span" sx={{ fontWeight: strong ? 700 : 400, fontSize: strong ? '1.1rem' : undefined, textAlign: 'right' }}>
        {minor < 0 ? '−' : ''}
        {from ? `${t('cart.from')} ` : ''}
        <Money amount={toMajor(Math.abs(minor))} currency={currency} />
      </Typography>
    </Box>
  );
}

/**
 * The money of a cart or an order as one list, the same on every page (src/shared/breakdown.ts): the
 * tests of each patient, every sample material bought, the home visit, the discount and the total.
 * The listed lines add up to the total.
 */
export function MoneyBreakdownList({ breakdown: b, promoCode }: { breakdown: MoneyBreakdown; promoCode?: string | null }) {
  const { t } = useTranslation('cart');
  const language = useLanguage();
  const several = b.patients.length > 1;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('breakdown.label')} data-testid="money-breakdown">
      {b.patients.map((p) => (
        <Box component="li" key={String(p.id)} sx={{ listStyle: 'none' }}>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            <Row label={several ? t('breakdown.testsFor', { name: p.name }) : t('breakdown.tests')} minor={p.testsMinor} currency={b.currency} testId="breakdown-line" />
            {p.materials.map((m) => (
              <Row key={m.name} label={localName(m, language)} minor={m.minor} currency={b.currency} testId="breakdown-line" />
            ))}
          </Box>
        </Box>
      ))}
      <Row label={t('cart.homeVisit')} minor={b.visitFeeMinor} currency={b.currency} from={!b.visitFeeExact} testId="breakdown-line" />
      {b.discountMinor > 0 && <Row label={t('promo.applied', { code: promoCode ?? '' })} minor={-b.discountMinor} currency={b.currency} testId="breakdown-line" />}
      <Row label={t('cart.total')} minor={b.totalMinor} currency={b.currency} strong from={!b.visitFeeExact} testId="breakdown-total" />
    </Box>
  );
}
