import type { Generated } from 'kysely';

/** Analysis results, their revisions and share links. Conventions in index.ts. */
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

/**
 * A sensitive result outside its range, kept from the patient until the laboratory's doctor releases
 * it with a note (`released_by`) or `release_due` passes (released by the job, `released_by` null).
 */
export interface ResultHoldTable {
  order_id: number;
  patient_id: number;
  analysis_id: number;
  laboratory_id: string;
  held_at: string;
  release_due: string;
  released_at: string | null;
  released_by: number | null;
  release_note: Generated<string>;
}
