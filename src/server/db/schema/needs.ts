/** The patient's needs for the nurse and the nurse's profile they are matched with. Conventions in index.ts. */
export interface PatientNeedsTable {
  patient_id: number;
  /** The language the patient speaks (ISO 639-1, one of NEED_LANGUAGES), null when not said. */
  language: string | null;
  /** The nurse the patient prefers: 'female' or 'male', null for no preference. */
  nurse_sex: 'female' | 'male' | null;
  /** 1: a child, or afraid of needles. */
  needle_fear: number;
  difficult_veins: number;
  fainting: number;
  latex_allergy: number;
  anticoagulants: number;
  /** 1: the flat is on a floor without a lift. */
  no_lift: number;
  /** How the intercom works (code, name on the bell), as the patient wrote it. */
  intercom: string | null;
  updated_at: string;
}

/** A nurse's sex and the languages they speak (comma-separated ISO 639-1 codes), for assignment. */
export interface NurseProfileTable {
  user_id: number;
  sex: 'female' | 'male' | null;
  languages: string;
}
