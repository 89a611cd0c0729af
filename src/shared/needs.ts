import type { PatientNeedsDto } from '@/shared/types/needs';

/**
 * The patient's needs for the nurse (docs/backend.md, "The patient's needs"). The languages a patient
 * may say they speak (ISO 639-1; shown by the browser's own language names), and the yes/no needs in
 * the order the form and the nurse's day show them.
 */
export const NEED_LANGUAGES = ['pl', 'en', 'ru', 'uk', 'be', 'de', 'fr', 'es', 'it', 'lt', 'cs', 'sk', 'vi', 'tr', 'ar', 'zh', 'hi', 'ka'] as const;

export const NEED_FLAGS = ['fearOfNeedles', 'difficultVeins', 'fainting', 'latexAllergy', 'anticoagulants', 'noLift'] as const;

/** Nothing said: the answer for a patient without needs. */
export const noNeeds = (): PatientNeedsDto => ({
  language: null,
  nurse: null,
  fearOfNeedles: false,
  difficultVeins: false,
  fainting: false,
  latexAllergy: false,
  anticoagulants: false,
  noLift: false,
  intercom: null,
});

/** True when the patient said anything the nurse should know. */
export function hasNeeds(n: PatientNeedsDto | null | undefined): n is PatientNeedsDto {
  return !!n && (!!n.language || !!n.nurse || !!n.intercom || NEED_FLAGS.some((f) => n[f]));
}
