import { boolean, mixed, object, string } from 'yup';
import { VALIDATION_MESSAGES as M } from './messages';
import { text } from './common';
import { NEED_LANGUAGES } from '@/shared/needs';

const flag = () => boolean().typeError(M.booleanInvalid).strict().default(false);

/** The patient's needs for the nurse (`needs` of POST/PUT patient): every field optional. */
export const patientNeedsSchema = object({
  language: string()
    .typeError(M.localeInvalid)
    .nullable()
    .default(null)
    .oneOf([...NEED_LANGUAGES, null], M.localeInvalid),
  nurse: mixed<'female' | 'male'>()
    .nullable()
    .default(null)
    .oneOf(['female', 'male', null], M.genderInvalid),
  fearOfNeedles: flag(),
  difficultVeins: flag(),
  fainting: flag(),
  latexAllergy: flag(),
  anticoagulants: flag(),
  noLift: flag(),
  intercom: text(100).nullable().default(null),
})
  .typeError(M.objectRequired)
  .nullable();
