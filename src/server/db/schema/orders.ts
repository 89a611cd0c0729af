import type { Generated } from 'kysely';
import type { PaymentMethod, PaymentStatus } from './payments';
import type { VisitState } from './visits';

/** Orders, their lines, materials, status events, patients as placed, and promo codes. Conventions in index.ts. */
export type OrderStatus =
  | 'placed'
  | 'visit_confirmed'
  | 'sample_collected'
  | 'in_lab'
  | 'partial_results'
  | 'completed'
  | 'cancelled';

export interface OrderTable {
  id: Generated<number>;
  /** Human-readable order number shown to the patient. */
  number: string;
  user_id: number;
  laboratory_id: string;
  slot_id: number;
  status: OrderStatus;
  currency: 'EUR' | 'PLN' | 'BYN';
  subtotal_minor: number;
  delivery_price_minor: number;
  total_minor: number;
  payment_mode: string;
  nurse_checkout_date: string;
  address_country: string;
  address_city: string;
  /** In the written form of the country (`02-715`, `220005`, `LT-03116`). */
  address_postal_code: Generated<string>;
  address_street: string;
  address_entry: string;
  address_floor: string;
  address_apartment: string;
  address_intercom_code: string;
  address_notes: string;
  feedback_use_email: number;
  feedback_use_phone: number;
  feedback_quick_phone: string;
  idempotency_key: string | null;
  /** The promo code applied (as entered, upper case) and its discount, off the subtotal. */
  promo_code: Generated<string | null>;
  discount_minor: Generated<number>;
  /** SEQUENCE of the order's calendar event (RFC 5545): raised on every move and on cancellation. */
  calendar_sequence: Generated<number>;
  /** The nurse (a staff user with staff_role `nurse` of the order's laboratory) making the visit. */
  nurse_user_id: Generated<number | null>;
  /** Set when the nurse found nobody at home, with the nurse's note. */
  not_at_home_at: Generated<string | null>;
  not_at_home_note: Generated<string | null>;
  /** The home visit's own state (src/shared/visitState.ts), beside the order's status. */
  visit_state: Generated<VisitState>;
  /** The arrival window the nurse announced ("on my way"), UTC instants. */
  visit_arrival_start: Generated<string | null>;
  visit_arrival_end: Generated<string | null>;
  /** Raised on every visit change; the order's event stream compares it. */
  visit_version: Generated<number>;
  /** `online` or `on_visit` (docs/payments.md). */
  payment_method: Generated<PaymentMethod>;
  payment_status: Generated<PaymentStatus>;
  /** Verified online payment and what was refunded of it (settled), minor units. */
  paid_minor: Generated<number>;
  refunded_minor: Generated<number>;
  paid_at: Generated<string | null>;
  /** Why the order was cancelled by the system (e.g. `payment_expired`). */
  cancel_reason: Generated<string | null>;
  /** The order whose rejected samples this one redraws, free of charge (docs/backend.md, "Rejected samples"). */
  redraw_of: Generated<number | null>;
  /** The first day of the last period (YYYY-MM-DD) given for cycle-day analyses; kept with the order only. */
  cycle_start: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/**
 * A promo code: `percent` (value 1-100) or `amount` (value in minor units of the laboratory's
 * currency) off the order subtotal; for one laboratory or, with `laboratory_id` null, for all.
 * `used_count` is taken with a conditional update, so `max_uses` holds under concurrent orders.
 */
export interface PromoCodeTable {
  id: Generated<number>;
  code: string;
  laboratory_id: string | null;
  kind: 'percent' | 'amount';
  value: number;
  min_order_minor: number;
  valid_from: string | null;
  valid_to: string | null;
  max_uses: number | null;
  per_user_limit: number | null;
  used_count: Generated<number>;
  created_at: string;
}

export interface PromoRedemptionTable {
  id: Generated<number>;
  promo_code_id: number;
  user_id: number;
  order_id: number;
  discount_minor: number;
  created_at: string;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  patient_id: number;
  analysis_id: number;
  profile_id: number | null;
  price_minor: number;
}

export interface OrderMaterialTable {
  id: Generated<number>;
  order_id: number;
  patient_id: number;
  material_id: number;
  bought: number;
  price_minor: number;
}

export interface OrderStatusEventTable {
  id: Generated<number>;
  order_id: number;
  status: OrderStatus;
  at: string;
  actor_user_id: number | null;
  note: string;
}

/** A patient's identity as it was when the order was placed; results and their documents read it. */
export interface OrderPatientTable {
  order_id: number;
  patient_id: number;
  first_name: string;
  last_name: string;
  gender: 'male' | 'female';
  date_of_birth: string;
}

/** A rejected sample of one order line: the HL7 table 0490 reason, who or what rejected it. */
export interface SampleRejectionTable {
  id: Generated<number>;
  order_id: number;
  patient_id: number;
  analysis_id: number;
  reason: string;
  note: string;
  source: 'staff' | 'import';
  rejected_by: number | null;
  created_at: string;
  /** 1: the line was a redraw already; the laboratory follows it up (no further free redraw). */
  staff_task: Generated<number>;
  task_closed_at: Generated<string | null>;
}
