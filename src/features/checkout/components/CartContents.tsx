import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRouter } from 'next/router';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components';
import { StickyActionBar } from '@/components/StickyActionBar';
import { useAppDispatch } from '@/store/hooks';
import { routes } from '@/lib/routes';
import { cartBreakdown } from '@/shared/breakdown';
import { toMajor } from '@/shared/money';
import type { CartDto } from '@/shared/types/api';
import { removePatientAnalysisRequested } from '@/features/cart';
import { CartPatientSection } from './CartPatientSection';
import { OrderAmount } from './OrderAmount';
import { useSavedAddressCoverage } from './useSavedAddressCoverage';
import type { OrderTotals } from '../orderTotals';

/** A removal waiting for the user's confirmation (CartView's dialog). */
export type PendingRemoval =
  | { kind: 'reset' }
  | { kind: 'patient'; patientId: number; name: string }
  | { kind: 'everyone'; analysisId: number; name: string };

export interface CartContentsProps {
  cart: CartDto;
  patientIds: number[];
  totals: OrderTotals;
  busy: boolean;
  nameOf(patientId: number): string;
  onConfirm(removal: PendingRemoval): void;
}

/**
 * A cart with something in it: one section per patient, the breakdown, "Empty the cart" and the bar
 * with the total and the next step. A chunk of its own (CartView loads it for a signed-in visitor),
 * so a visitor whose cart is empty downloads none of it.
 */
export function CartContents({ cart, patientIds, totals, busy, nameOf, onConfirm }: CartContentsProps) {
  const { t } = useTranslation('cart');
  const dispatch = useAppDispatch();
  const router = useRouter();
  // The fee of the saved address's zone (shown here), when an address was given earlier in this checkout.
  useSavedAddressCoverage(true);
  const patientCountByAnalysis = Object.fromEntries(Object.entries(cart.patientIdsByAnalysisId).map(([k, v]) => [k, v.length]));
  const currency = totals.currency;
  // The same breakdown as the summary and the order pages: tests, materials bought, visit, total.
  const money = cartBreakdown(cart, toMajor(totals.visitFeeMinor), totals.visitFeeExact);

  // The tests, materials and visit fee, and why the fee is "from": in the bar on wider screens; on a
  // phone in the page above "Empty the cart", so that the bar (the total and the next step) stays low
  // and never covers that button.
  const breakdown = (inBar: boolean) => (
    <>
      <Typography variant="body2" color="text.secondary">
        {t('cart.tests')} <Money amount={toMajor(money.testsMinor)} currency={currency} /> ·{' '}
        {money.materialsMinor > 0 && (
          <>
            {t('cart.materials')} <Money amount={toMajor(money.materialsMinor)} currency={currency} /> ·{' '}
          </>
        )}
        <span data-testid={inBar ? 'cart-visit-fee' : undefined}>{t('cart.homeVisit')}{' '}
        <OrderAmount minor={totals.visitFeeMinor} currency={currency} exact={totals.visitFeeExact} /></span>
      </Typography>
      {!totals.visitFeeExact && (
        <Typography variant="body2" color="text.secondary">
          {t('cart.feeByAddress')}
        </Typography>
      )}
    </>
  );

  return (
    <>
      {patientIds.map((pid) => {
        const key = String(pid);
        const name = nameOf(pid);
        return (
          <CartPatientSection
            key={pid}
            patientId={pid}
            name={name}
            analyses={cart.analysisDtosByPatientId[key] ?? []}
            materials={Object.values(cart.materialCartRefMapsByPatientId[key] ?? {})}
            subtotal={cart.subCartTotalsByPatientId[key] ?? { price: 0, currency }}
            patientCountByAnalysis={patientCountByAnalysis}
            disabled={busy}
            onRemoveAnalysis={(analysisId) => dispatch(removePatientAnalysisRequested({ patientId: pid, analysisId }))}
            onRemoveAnalysisForEveryone={(analysisId) => {
              const a = cart.analysisDtosByPatientId[key]?.find((x) => x.id === analysisId);
              onConfirm({ kind: 'everyone', analysisId, name: a?.name ?? '' });
            }}
            onRemovePatient={() => onConfirm({ kind: 'patient', patientId: pid, name })}
          />
        );
      })}
      <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 2 }}>{breakdown(false)}</Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button color="error" onClick={() => onConfirm({ kind: 'reset' })} disabled={busy} sx={{ minHeight: 48 }}>
          {t('cart.reset')}
        </Button>
      </Box>
      <StickyActionBar
        summary={
          <Box aria-live="polite">
            <Box sx={{ display: { xs: 'none', sm: 'block' } }}>{breakdown(true)}</Box>
            <Typography variant="h6" component="p" sx={{ fontSize: '1.15rem' }} data-testid="cart-total">
              {t('cart.total')} <OrderAmount minor={totals.totalMinor} currency={currency} exact={totals.visitFeeExact} />
            </Typography>
          </Box>
        }
      >
        <Button variant="contained" size="large" disabled={busy} onClick={() => void router.push(routes.orderAddress.path)} sx={{ minHeight: 48 }}>
          {t('cart.next')}
        </Button>
      </StickyActionBar>
    </>
  );
}
