import type { StaffMemberDto } from './staff';

/** What the nurse should know about a patient (`PatientDto.needs`, owner only; the nurse's day). */
export interface PatientNeedsDto {
  /** The language the patient speaks (ISO 639-1), null when not said. */
  language: string | null;
  /** The nurse the patient prefers, null for no preference. */
  nurse: 'female' | 'male' | null;
  /** A child, or afraid of needles. */
  fearOfNeedles: boolean;
  difficultVeins: boolean;
  fainting: boolean;
  latexAllergy: boolean;
  anticoagulants: boolean;
  /** The flat is on a floor without a lift. */
  noLift: boolean;
  /** How the intercom works (code, name on the bell). */
  intercom: string | null;
}

/** Why a nurse fits a visit: speaks a patient's language, or is the nurse a patient prefers. */
export interface NurseFitDto {
  reason: 'language' | 'sex';
  /** The language code, or 'female' / 'male'. */
  value: string;
}

/** A nurse offered for a visit (`GET staff/nurses?orderId=`), the best fitting first. */
export type NurseCandidateDto = StaffMemberDto & { fits: NurseFitDto[] };

/** The morning check-in as it travels with the sample (staff, the nurse's day, the result PDF). */
export interface SampleCheckInDto {
  lastMealAt: string;
  cycleStart: string | null;
  fastingHours: number | null;
  requiredFastingHours: number | null;
  ok: boolean;
  answeredAt: string;
}

/** What the nurse's day adds to a visit: each patient's needs (by patient id) and the check-in. */
export interface VisitNeedsDto {
  patients: { patientId: number; name: string; needs: PatientNeedsDto }[];
  checkIn: SampleCheckInDto | null;
}
