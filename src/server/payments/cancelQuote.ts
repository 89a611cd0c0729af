import type { Db } from '@/server/db/createDb';
import type { OrderRow } from '@/server/orders/repositories/orders';
import { findSlotsByIds } from '@/server/visits/repositories/slots';
import { canChangeVisit } from '@/shared/orderLifecycle';
import { keptAfterRefundsMinor, loadMoneyFacts, paidMinor } from './invariant';
import { refundFor } from './refundRule';

/**
 * "If you cancel now" (docs/payments.md): what the patient's cancellation at this moment would
 * refund, decided by the refund rule (refundRule.ts) from the same facts the cancellation's refund
 * uses, so the amount promised is the amount refunded in every state ("not at home" keeps the
 * home-visit fee). Minor units; null when the patient can no longer cancel.
 */
export async function refundIfCancelledNowMinor(db: Db, order: OrderRow, now = new Date()): Promise<number | null> {
  const slot = (await findSlotsByIds(db, [order.slot_id])).get(order.slot_id);
  const visitStart = slot?.start_at ?? order.nurse_checkout_date;
  if (!canChangeVisit(order.status, visitStart, now)) return null;
  if (order.payment_method !== 'online') return 0;
  const facts = await loadMoneyFacts(db, order);
  const paid = paidMinor(facts);
  if (paid <= 0) return 0;
  const decision = refundFor(
    {
      totalMinor: order.total_minor,
      visitFeeMinor: order.delivery_price_minor,
      paidMinor: paid,
      refundedMinor: paid - keptAfterRefundsMinor(facts),
      notAtHome: !!order.not_at_home_at,
      visitStart,
    },
    { kind: 'patient_cancel' },
    now,
  );
  return decision.refund ? decision.amountMinor : 0;
}
