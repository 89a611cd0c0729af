import type { Generated } from 'kysely';

/** Users, sign-in (tokens, sessions, attempts, known devices, security events) and patients. Conventions in index.ts. */
export interface UserTable {
  /** For staff: the name patients see in "Who opened your results" (e.g. "Anna Nowak"); null shows first and last name. */
  display_name: Generated<string | null>;
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
  /** When the user accepted the terms and the privacy notice at registration (null: not through the form). */
  terms_accepted_at: Generated<string | null>;
  /** Which documents were accepted then, e.g. `terms-of-service,privacy-policy`. */
  terms_accepted: Generated<string | null>;
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
  /** Activation tokens: the hash of the 6-character code mailed beside the link (null for other kinds). */
  code_hash?: string | null;
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
  /** Polish PESEL (11 digits), optional; read only by the owner. */
  pesel: string | null;
  /** Belarusian personal (identification) number (14 characters), optional; read only by the owner. */
  personal_number: string | null;
  created_at: string;
  updated_at: string;
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
  /** Refused sign-ins and lock-outs; refused payment and refund notifications (docs/payments.md). */
  action: 'sign_in_failed' | 'locked_out' | 'payment_notification_refused' | 'refund_notification_refused';
  subject_user_id: number | null;
  laboratory_id: string | null;
  /** The client address of the latest event counted. */
  client_ip: string;
  count: number;
  first_at: string;
  last_at: string;
}
