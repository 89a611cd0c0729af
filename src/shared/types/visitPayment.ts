import type { PaymentDto } from './payment';

/** The nurse's card's money (`NurseVisitDto.payment`); amounts in minor units of `currency` (the laboratory's). */
export interface NurseVisitPaymentDto {
  method: PaymentDto['method'];
  status: PaymentDto['status'];
  /** The order's total: what to collect on the visit, or what was paid online. */
  amountMinor: number;
  currency: string;
  /** The payment the nurse recorded at the visit (`POST staff/visits/{id}/payment`). */
  collected: { method: 'cash' | 'card'; at: string; amountMinor: number } | null;
  /** The caller (the assigned nurse) may record the payment now: paid on the visit and not paid yet. */
  canRecord: boolean;
}
