import type { Generated } from 'kysely';

/** Household consent (docs/privacy.md, "Family members"). Conventions in index.ts. */

/** A single-use link sent to a family member's address; only the token's SHA-256 is kept. */
export interface PatientInviteTable {
  id: Generated<number>;
  /** The account holder's record of the invited person. */
  patient_id: number;
  holder_user_id: number;
  /** The invited address, lower-cased: only the account with this e-mail may answer. */
  email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Set when answered, or when a newer invite for the same record replaced it. */
  used_at: string | null;
  /** `consent`: the person lets the holder read their results; `transfer`: the now-adult takes the record to their own account. */
  kind: Generated<'consent' | 'transfer'>;
}

/** A record moved from the holder's account to the person's own (record transfer at 18). */
export interface RecordTransferTable {
  id: Generated<number>;
  patient_id: number;
  /** The guardian's account the record left (null once that account is erased). */
  from_user_id: number | null;
  to_user_id: number;
  transferred_at: string;
}

/** One decision of a family member on the holder's record: `consented` (maybe later `withdrawn`) or `refused`. */
export interface RecordAccessTable {
  id: Generated<number>;
  patient_id: number;
  holder_user_id: number;
  /** The family member's own account, which answered the invite. */
  member_user_id: number;
  state: 'consented' | 'refused' | 'withdrawn';
  decided_at: string;
  /** When a consent was withdrawn. */
  ended_at: string | null;
}

/** Mails owed once per record around the 18th birthday: `month_before`, `ended`. */
export interface RecordAccessNoticeTable {
  patient_id: number;
  kind: 'month_before' | 'ended';
  sent_at: string;
}
