import type { Generated } from 'kysely';

/**
 * Database tables. Conventions, the same on SQLite and PostgreSQL:
 * - timestamps are ISO-8601 UTC strings (`2026-11-21T10:00:00.000Z`), dates `YYYY-MM-DD`;
 * - booleans are integers 0/1;
 * - money is an integer number of minor units (cents, grosze, kopecks) in `*_minor` columns.
 */
export interface LaboratoryTable {
  id: string;
  city_name: string;
  country: string; // ISO 3166-1 alpha-2
  address: string;
  email: string;
  about_link: string;
  phone: string;
  latitude: number;
  longitude: number;
  price_list_id: number;
  /** Home visit fee charged once per order, in the price list's currency. */
  visit_fee_minor: number;
}

/**
 * A home-visit zone of a laboratory: postal codes of `country` whose digits start with `prefix`
 * (an empty prefix covers the whole country), visited for `visit_fee_minor` in the laboratory's
 * currency. A laboratory without zones visits its whole country for its `visit_fee_minor`.
 */
export interface LaboratoryZoneTable {
  id: Generated<number>;
  laboratory_id: string;
  country: string;
  prefix: string;
  visit_fee_minor: number;
}

export interface PriceListTable {
  id: Generated<number>;
  name: string;
  currency: 'EUR' | 'PLN' | 'BYN';
  created: string;
  updated: string;
}

export interface CatalogueHeaderTable {
  id: number;
  name: string;
}

export interface AnalysisTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** Lower-cased `code + ' ' + name` for case-insensitive search through an index. */
  search_text: string;
  description: string;
  /** Execution period in working days. */
  exec_period: number;
  /** Fasting hours needed before sampling (0 when none). */
  fasting_hours: number;
  preparation: string;
  restriction_gender: 'male' | 'female' | null;
  restriction_min_age: number | null;
  restriction_max_age: number | null;
  /** Reference range used as the default when results are entered. */
  result_unit: string | null;
  ref_low: number | null;
  ref_high: number | null;
  /** LOINC code (http://loinc.org), where the analysis has one. */
  loinc: string | null;
  /** UCUM code of the result unit (http://unitsofmeasure.org); `result_unit` is the display unit. */
  ucum_unit: string | null;
  /** Critical (panic) limits: a value beyond them is flagged LL / HH. */
  critical_low: number | null;
  critical_high: number | null;
}

/** Reference intervals of an analysis by sex and age band; the first applicable (by position) wins. */
export interface AnalysisReferenceRangeTable {
  id: Generated<number>;
  analysis_id: number;
  position: number;
  gender: 'male' | 'female' | null;
  /** Completed years on the sampling day, inclusive. */
  min_age: number | null;
  max_age: number | null;
  low: number | null;
  high: number | null;
  /** Expected value of a text result, e.g. `negative`. */
  text: string | null;
}

export interface AnalysisHeaderTable {
  analysis_id: number;
  header_id: number;
}

export interface AnalysisPriceTable {
  id: Generated<number>;
  price_list_id: number;
  analysis_id: number;
  price_minor: number;
  created: string;
  updated: string;
}

export interface MaterialTable {
  id: Generated<number>;
  name: string;
}

export interface MaterialPriceTable {
  price_list_id: number;
  material_id: number;
  price_minor: number;
}

export interface AnalysisMaterialTable {
  analysis_id: number;
  material_id: number;
  /** 1 when the patient may bring the material instead of buying it. */
  optional: number;
}

export interface ProfileTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  created: string;
  updated: string;
}

export interface ProfileAnalysisTable {
  profile_id: number;
  analysis_id: number;
  position: number;
}

export interface UserTable {
  id: Generated<number>;
  email: string; // lower-cased; also the username
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  date_of_birth: string | null;
  email_confirmed: number;
  role: 'patient' | 'staff';
  /** For staff: the laboratory they work for. */
  staff_laboratory_id: string | null;
  /** For staff: `nurse` makes home visits (the day's visits only); `staff` (or null) runs the console. */
  staff_role: Generated<'staff' | 'nurse' | null>;
  /** The user's chosen laboratory (saved laboratory selection). */
  laboratory_id: string | null;
  locale: string | null;
  created_at: string;
  updated_at: string;
}

export interface AuthTokenTable {
  /** SHA-256 of the token, hex. The token itself is never stored. */
  token_hash: string;
  user_id: number;
  kind: 'access' | 'reset' | 'activation';
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The sign-in session an access token belongs to; null for mail tokens (and access tokens issued before sessions). */
  session_id?: number | null;
}

/** One sign-in: the browser it was made from, when it was last used, when it ends. */
export interface SessionTable {
  id: Generated<number>;
  user_id: number;
  created_at: string;
  last_used_at: string;
  /** Idle timeout of the session, seconds (shorter for staff). */
  idle_seconds: number;
  idle_expires_at: string;
  absolute_expires_at: string;
  /** Browser and system names, e.g. "Firefox/Linux" (never the full User-Agent). */
  user_agent: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

/** Refresh tokens of a session, SHA-256 only; `replaced_at` set once rotated (a second use is reuse). */
export interface RefreshTokenTable {
  token_hash: string;
  session_id: number;
  created_at: string;
  replaced_at: string | null;
}

export interface LoginAttemptTable {
  id: Generated<number>;
  /** `email:<address>` or `ip:<address>`. */
  key: string;
  at: string;
  success: number;
}

export interface PatientTable {
  id: Generated<number>;
  user_id: number;
  is_user: number;
  first_name: string;
  last_name: string;
  gender: 'male' | 'female';
  date_of_birth: string;
  email: string | null;
  phone: string | null;
  country: string;
  region: string;
  locality: string;
  district: string;
  street: string;
  house_number: string;
  entrance_number: string;
  floor_number: string;
  apartment_number: string;
  address_notes: string;
  created_at: string;
  updated_at: string;
}

export interface CartLineTable {
  user_id: number;
  patient_id: number;
  analysis_id: number;
  /** The profile the analysis was added through, if any. */
  profile_id: number | null;
  added_at: string;
}

export interface CartMaterialDecisionTable {
  user_id: number;
  material_id: number;
  /** 1: buy the material from the laboratory; 0: the patient brings their own. */
  bought: number;
}

export interface NurseSlotTable {
  id: Generated<number>;
  laboratory_id: string;
  start_at: string;
  end_at: string;
  capacity: number;
  booked: number;
}

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
  /** The home visit's own state (src/lib/visitState.ts), beside the order's status. */
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
  created_at: string;
  updated_at: string;
}

export type VisitState = 'booked' | 'nurse_assigned' | 'on_the_way' | 'arrived' | 'collected' | 'not_at_home' | 'cancelled';

/** One change of a home visit's state: when, by whom, why (a staff correction gives a reason). */
export interface VisitEventTable {
  id: Generated<number>;
  order_id: number;
  state: VisitState;
  at: string;
  actor_user_id: number | null;
  actor_role: 'patient' | 'staff' | 'nurse' | 'system' | null;
  reason: Generated<string>;
}

export type PaymentMethod = 'online' | 'on_visit';
export type PaymentStatus = 'awaiting' | 'paid' | 'failed' | 'expired' | 'refunded' | 'partially_refunded' | 'on_visit';
export type AttemptStatus = 'created' | 'registered' | 'paid' | 'failed' | 'expired';
export type RefundStatus = 'pending' | 'requested' | 'done' | 'failed';

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
  reason: string;
  actor_user_id: number | null;
  created_at: string;
  settled_at: string | null;
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

export type ResultFlag = 'low' | 'normal' | 'high' | 'critical' | 'abnormal';

/** HL7 v3 ObservationInterpretation codes used for results. */
export type ResultInterpretation = 'N' | 'L' | 'H' | 'LL' | 'HH' | 'A';

export interface AnalysisResultTable {
  id: Generated<number>;
  order_id: number;
  patient_id: number;
  analysis_id: number;
  value_num: number | null;
  value_text: string | null;
  unit: string;
  ref_low: number | null;
  ref_high: number | null;
  ref_text: string;
  flag: ResultFlag;
  /** N, L, H, LL, HH (critical) or A (abnormal text), computed by the server. */
  interpretation: ResultInterpretation | null;
  /** Where the range came from: `catalogue` (the interval for the patient's sex and age), `override` (staff, with a reason) or `legacy`. */
  range_source: Generated<string>;
  /** Why staff overrode the catalogue interval for this result. */
  range_reason: Generated<string>;
  comment: string;
  entered_by: number | null;
  entered_at: string;
  /** When the last correction replaced an earlier value (null: never corrected). */
  corrected_at: Generated<string | null>;
  /** 1: a preliminary value (HL7 OBR-25 = P or staff marked it so); 0: final. */
  preliminary: Generated<number>;
}

/** An earlier revision of a result, kept when a correction replaced it: what it said, and who replaced it, when and why. */
export interface AnalysisResultRevisionTable {
  id: Generated<number>;
  result_id: number;
  value_num: number | null;
  value_text: string | null;
  unit: string;
  ref_low: number | null;
  ref_high: number | null;
  ref_text: string;
  flag: ResultFlag;
  interpretation: ResultInterpretation | null;
  comment: string;
  entered_by: number | null;
  entered_at: string;
  replaced_by: number | null;
  replaced_at: string;
  reason: string;
}

/** A browser that signed in to the account (its device cookie's SHA-256); see rateLimit.ts. */
export interface KnownDeviceTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

/** Refused sign-ins and lock-outs, one row per key and 15-minute window with a counter (not the audit trail). */
export interface SecurityEventTable {
  id: Generated<number>;
  /** `<action>:<address typed>`. */
  key: string;
  window_start: string;
  action: 'sign_in_failed' | 'locked_out';
  subject_user_id: number | null;
  laboratory_id: string | null;
  /** The client address of the latest event counted. */
  client_ip: string;
  count: number;
  first_at: string;
  last_at: string;
}

/** A barrier reported on the accessibility statement: a ticket of the laboratory, due in 30 days. */
export interface BarrierReportTable {
  id: Generated<number>;
  laboratory_id: string;
  name: string;
  email: string;
  page: Generated<string>;
  message: string;
  status: Generated<'open' | 'closed'>;
  created_at: string;
  due_at: string;
}

export type AuditAction =
  | 'sign_in'
  | 'sign_in_failed'
  | 'locked_out'
  | 'password_changed'
  | 'role_changed'
  | 'health_read'
  | 'health_write'
  | 'account_exported'
  | 'account_deleted'
  | 'session_revoked'
  | 'refresh_reuse'
  | 'background_work'
  | 'payment_paid'
  | 'payment_rejected'
  | 'refund_requested'
  | 'refund_settled';

/** Who acted: a signed-in patient or staff member, a share link, the operator's command line, or nobody known (a failed sign-in). */
export type AuditActorKind = 'patient' | 'staff' | 'share' | 'operator' | 'anonymous';

/** One append-only audit record (triggers refuse updates and deletes). */
export interface AuditEventTable {
  id: Generated<number>;
  at: string;
  action: AuditAction;
  actor_kind: AuditActorKind;
  actor_user_id: number | null;
  share_id: number | null;
  /** Whose account or health data it concerns. */
  subject_user_id: number | null;
  laboratory_id: string | null;
  order_id: number | null;
  patient_id: number | null;
  /** The client address of the request (empty from the command line). */
  client_ip: Generated<string>;
  /** What exactly, e.g. `results` or `pdf`, or the new role. Never a secret or a result value. */
  detail: Generated<string>;
  /** The hash chain (services/auditChain.ts): the previous record's hash and this record's. */
  prev_hash: string | null;
  hash: string | null;
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

/**
 * A catalogue item's name and text in another language than English (`analyses.name` and
 * `profiles.name` are English, the fallback). `synonyms`: extra search words (abbreviations, lay words).
 */
export interface CatalogueTranslationTable {
  kind: 'analysis' | 'profile';
  item_id: number;
  language: string;
  name: string;
  description: string;
  synonyms: string;
}

/** One lower-cased word (or the whole code) of an analysis, for prefix search through an index. */
export interface AnalysisSearchTermTable {
  term: string;
  analysis_id: number;
}

/** A laboratory's local day whose nurse slots have been generated. */
export interface NurseSlotDayTable {
  laboratory_id: string;
  day: string;
}

/** A read-only link to one patient's results of one order; the token itself is never stored. */
export interface ResultShareTable {
  id: Generated<number>;
  order_id: number;
  patient_id: number;
  /** The owner: the user who ordered. */
  user_id: number;
  /** SHA-256 of the token, hex. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  last_opened_at: string | null;
  open_count: Generated<number>;
}

export interface ResultShareOpeningTable {
  id: Generated<number>;
  share_id: number;
  at: string;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'cancelled' | 'failed';

/** Scheduled work (reminders, purges); see docs/backend.md "Scheduled jobs". */
export interface JobTable {
  id: Generated<number>;
  /** Unique per job, e.g. `visit-reminder:12`. */
  key: string;
  kind: string;
  /** JSON. */
  payload: Generated<string>;
  status: Generated<JobStatus>;
  /** ISO instant from which the job is due. */
  run_at: string;
  attempts: Generated<number>;
  /** Random per claim; only the holder of the current claim may finish the job. */
  claim_token: string | null;
  /** While running: after this instant another runner may take the job over. */
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  done_at: string | null;
  /** Higher runs first. */
  priority: Generated<number>;
  /** The laboratory whose staff see the job in the console; null: operators only. */
  laboratory_id: string | null;
  /** Runs before the job is dead-lettered (`failed`). */
  max_attempts: Generated<number>;
}

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'discarded';

/**
 * The mail outbox: every mail the shop owes, written in the transaction of the change that owes it
 * and delivered by the `mail-send` job (docs/backend.md, "Jobs and the mail outbox"). The body is
 * cleared once the mail is sent.
 */
export interface MailOutboxTable {
  id: Generated<number>;
  /** `<...@host>`, stable across attempts, so a repeat is recognisably the same message. */
  message_id: string;
  /** The template (e.g. `passwordReset`), shown to staff instead of the subject. */
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** JSON of the iCalendar part, or null. */
  ical: string | null;
  laboratory_id: string | null;
  priority: Generated<number>;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: string;
  /** When the latest attempt started (recorded before the SMTP conversation). */
  attempted_at: string | null;
  sent_at: string | null;
  updated_at: string;
}

export interface Database {
  jobs: JobTable;
  mail_outbox: MailOutboxTable;
  laboratories: LaboratoryTable;
  price_lists: PriceListTable;
  catalogue_headers: CatalogueHeaderTable;
  analyses: AnalysisTable;
  analysis_headers: AnalysisHeaderTable;
  analysis_prices: AnalysisPriceTable;
  materials: MaterialTable;
  material_prices: MaterialPriceTable;
  analysis_materials: AnalysisMaterialTable;
  profiles: ProfileTable;
  profile_analyses: ProfileAnalysisTable;
  users: UserTable;
  auth_tokens: AuthTokenTable;
  sessions: SessionTable;
  refresh_tokens: RefreshTokenTable;
  login_attempts: LoginAttemptTable;
  patients: PatientTable;
  cart_lines: CartLineTable;
  cart_material_decisions: CartMaterialDecisionTable;
  nurse_slots: NurseSlotTable;
  orders: OrderTable;
  visit_events: VisitEventTable;
  payment_attempts: PaymentAttemptTable;
  payment_refunds: PaymentRefundTable;
  order_lines: OrderLineTable;
  laboratory_sellers: LaboratorySellerTable;
  invoice_counters: InvoiceCounterTable;
  invoices: InvoiceTable;
  order_materials: OrderMaterialTable;
  order_status_events: OrderStatusEventTable;
  analysis_results: AnalysisResultTable;
  analysis_search_terms: AnalysisSearchTermTable;
  catalogue_translations: CatalogueTranslationTable;
  analysis_reference_ranges: AnalysisReferenceRangeTable;
  result_shares: ResultShareTable;
  result_share_openings: ResultShareOpeningTable;
  nurse_slot_days: NurseSlotDayTable;
  laboratory_zones: LaboratoryZoneTable;
  promo_codes: PromoCodeTable;
  promo_redemptions: PromoRedemptionTable;
  order_patients: OrderPatientTable;
  audit_events: AuditEventTable;
  known_devices: KnownDeviceTable;
  security_events: SecurityEventTable;
  barrier_reports: BarrierReportTable;
  analysis_result_revisions: AnalysisResultRevisionTable;
}

// Staff display names (migration 0010_7_staff_display_names), merged into the users table's type.
export interface UserTable {
  /** For staff: the name patients see in "Who opened your results" (e.g. "Anna Nowak"); null shows first and last name. */
  display_name: Generated<string | null>;
}
