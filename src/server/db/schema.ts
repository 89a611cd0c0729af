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
  | 'refresh_reuse';

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
}

export interface Database {
  jobs: JobTable;
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
  order_lines: OrderLineTable;
  order_materials: OrderMaterialTable;
  order_status_events: OrderStatusEventTable;
  analysis_results: AnalysisResultTable;
  analysis_search_terms: AnalysisSearchTermTable;
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
