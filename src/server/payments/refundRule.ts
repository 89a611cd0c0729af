/**
 * The refund rule (docs/payments.md, "Refunds"): one pure function of the order and the moment.
 *
 * - the patient cancels (allowed until 24 h before the visit) -> the whole total;
 * - the laboratory cancels -> the whole total;
 * - the nurse found nobody at home, then the order is cancelled -> the total less the home-visit fee;
 * - a payment notified after the hold expired -> the whole payment;
 * - staff refund part of an order with a reason -> that amount, never more than what is left.
 * Amounts are minor units; "left" is what was paid less what was already refunded or is pending.
 */
export const PATIENT_CANCEL_LEAD_MS = 24 * 60 * 60 * 1000;

export type RefundCause =
  | { kind: 'patient_cancel' }
  | { kind: 'lab_cancel' }
  | { kind: 'expired_payment' }
  | { kind: 'staff_partial'; amountMinor: number; reason: string };

export interface RefundFacts {
  totalMinor: number;
  visitFeeMinor: number;
  /** Verified payment (0 when nothing was paid online). */
  paidMinor: number;
  /** Refunded already, settled or pending. */
  refundedMinor: number;
  /** The nurse recorded "not at home". */
  notAtHome: boolean;
  visitStart: string;
}

export type RefundDecision =
  | { refund: true; amountMinor: number; reason: string }
  | { refund: false; why: 'nothing_paid' | 'nothing_left' | 'too_late' | 'bad_amount' | 'reason_required' };

export function refundFor(facts: RefundFacts, cause: RefundCause, now: Date): RefundDecision {
  const left = Math.max(0, facts.paidMinor - facts.refundedMinor);
  if (facts.paidMinor <= 0) return { refund: false, why: 'nothing_paid' };
  if (left <= 0) return { refund: false, why: 'nothing_left' };
  switch (cause.kind) {
    case 'patient_cancel': {
      if (Date.parse(facts.visitStart) - now.getTime() < PATIENT_CANCEL_LEAD_MS) return { refund: false, why: 'too_late' };
      return whole(facts, left, 'Cancelled by the patient');
    }
    case 'lab_cancel':
      return whole(facts, left, 'Cancelled by the laboratory');
    case 'expired_payment':
      return { refund: true, amountMinor: left, reason: 'Paid after the payment time ran out' };
    case 'staff_partial': {
      if (!cause.reason.trim()) return { refund: false, why: 'reason_required' };
      if (!Number.isInteger(cause.amountMinor) || cause.amountMinor <= 0 || cause.amountMinor > left) return { refund: false, why: 'bad_amount' };
      return { refund: true, amountMinor: cause.amountMinor, reason: cause.reason.trim() };
    }
  }
}

/** The whole total after a cancellation; less the home-visit fee when the nurse found nobody at home. */
function whole(facts: RefundFacts, left: number, reason: string): RefundDecision {
  const due = facts.notAtHome ? Math.max(0, facts.totalMinor - facts.visitFeeMinor) : facts.totalMinor;
  const amountMinor = Math.min(left, due);
  if (amountMinor <= 0) return { refund: false, why: 'nothing_left' };
  return { refund: true, amountMinor, reason: facts.notAtHome ? `${reason} after nobody was at home (less the home-visit fee)` : reason };
}
