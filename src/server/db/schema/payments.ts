import type { Generated } from 'kysely';
import type { PaymentMethodDto, PaymentStatusDto } from '@/shared/types/payment';

/** Payment attempts, refunds, invoice sellers, counters and invoices. Conventions in index.ts. */
/** The order's payment method and status are stored as the wire says them (src/shared/types/payment.ts). */
export type PaymentMethod = PaymentMethodDto;
export type PaymentStatus = PaymentStatusDto;
export type AttemptStatus = 'created' | 'registered' | 'paid' | 'failed' | 'expired';
export type RefundStatus = 'pending' | 'requested' | 'done' | 'failed';
/** Why a refund exists: the rule on cancellation, a staff partial refund (lowers what the order owes), or a payment beyond what the order owes. */
export type RefundKind = 'cancel' | 'staff' | 'overpaid';

/** One payment attempt: a session registered with a provider (`p24` or `test`). */
export interface PaymentAttemptTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  /** Unique per attempt; the operator's `sessionId`. */
  session_id: string;
  amount_minor: number;
  currency: string;
  status: Generated<AttemptStatus>;
  provider_token: string | null;
  /** The operator's own id of the transaction (P24 `orderId`), known from the notification. */
  provider_order_id: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One refund of a paid attempt, performed by the `payment-refund` job and settled by the operator's notification. */
export interface PaymentRefundTable {
  id: Generated<number>;
  order_id: number;
  attempt_id: number;
  request_id: string;
  refunds_uuid: string;
  amount_minor: number;
  currency: string;
  status: Generated<RefundStatus>;
  kind: Generated<RefundKind>;
  reason: string;
  actor_user_id: number | null;
  created_at: string;
  settled_at: string | null;
  updated_at: string;
}

/** The legal seller data of a laboratory that issues VAT invoices (Polish laboratories; docs/invoices.md). */
export interface LaboratorySellerTable {
  laboratory_id: string;
  legal_name: string;
  tax_id: string;
  street: string;
  postal_code: string;
  city: string;
  country: string;
}

/** The last number taken of a seller's invoice series in a year (gap-free; taken in the invoice's transaction). */
export interface InvoiceCounterTable {
  laboratory_id: string;
  year: number;
  last_seq: number;
}

/**
 * An issued invoice (`VAT`) or correcting invoice (`KOR`): immutable once written. The seller, buyer,
 * lines and payment are kept as issued (JSON), with the FA(3) XML; only the KSeF fields are set later.
 */
export interface InvoiceTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  laboratory_id: string;
  kind: 'VAT' | 'KOR';
  vat_order_id: number | null;
  corrects_invoice_id: number | null;
  year: number;
  seq: number;
  number: string;
  issued_at: string;
  sale_date: string;
  currency: string;
  total_minor: number;
  seller_json: string;
  buyer_json: string;
  lines_json: string;
  payment_json: string;
  refund_key: string | null;
  xml: string;
  ksef_number: Generated<string | null>;
  ksef_sent_at: Generated<string | null>;
  /** Null: issued while KSeF sending was off. */
  ksef_status: Generated<KsefStatus | null>;
  /** The invoice's reference number in its KSeF session, and the session's. */
  ksef_reference: Generated<string | null>;
  ksef_session_reference: Generated<string | null>;
  /** The UPO (official receipt) of the accepted invoice, XML as KSeF gave it. */
  ksef_upo: Generated<string | null>;
  ksef_rejection_reason: Generated<string | null>;
  ksef_accepted_at: Generated<string | null>;
  /** Attempts that found KSeF unavailable, and the last such error (cleared once accepted). */
  ksef_attempts: Generated<number>;
  ksef_last_error: Generated<string | null>;
}

export type KsefStatus = 'queued' | 'sent' | 'accepted' | 'rejected';
