import { object, type InferType } from 'yup';
import './safeStringCase';
import { VALIDATION_MESSAGES as M } from './messages';
import { dateOfBirthSchema, emailSchema, genderSchema, nameSchema, phoneSchema, text } from './common';
import { patientNeedsSchema } from './needs';
import { NATIONAL_ID_MESSAGES, normalizePersonalNumber, normalizePesel, PERSONAL_NUMBER_PATTERN, peselProblem } from './nationalIds';

/**
 * Patient schemas (spec §3 server shape) shared by the patient form and the backend routes.
 * Address fields are at most 200 characters, the notes 1000; all default to empty strings.
 */
export const patientAddressSchema = object({
  country: text(200).default(''),
  region: text(200).default(''),
  locality: text(200).default(''),
  district: text(200).default(''),
  street: text(200).default(''),
  houseNumber: text(200).default(''),
  entranceNumber: text(200).default(''),
  floorNumber: text(200).default(''),
  apartmentNumber: text(200).default(''),
  addressNotes: text(1000).default(''),
}).typeError(M.objectRequired);

/** An optional identifier: absent keeps the stored one (on update), null or empty clears it. */
const identifier = (normalize: (raw: string) => string) =>
  text(20)
    .nullable()
    .optional()
    .transform((v: unknown) => (typeof v === 'string' ? normalize(v) || null : v));

/** The PESEL, checked against the sibling sex and date of birth (server values `male` / `female`). */
export const peselSchema = identifier(normalizePesel).test('pesel', NATIONAL_ID_MESSAGES.peselFormat, function (v) {
  if (!v) return true;
  const problem = peselProblem(v, this.parent as { gender?: string; dateOfBirth?: string });
  return problem ? this.createError({ message: problem }) : true;
});

export const personalNumberSchema = identifier(normalizePersonalNumber).matches(PERSONAL_NUMBER_PATTERN, {
  message: NATIONAL_ID_MESSAGES.personalNumberFormat,
  excludeEmptyString: true,
});

export const patientPersonalDetailsSchema = object({
  firstName: nameSchema.required(M.required),
  lastName: nameSchema.required(M.required),
  gender: genderSchema.required(M.genderInvalid),
  dateOfBirth: dateOfBirthSchema.required(M.required),
  email: emailSchema.nullable().optional(),
  phone: phoneSchema.nullable().optional(),
  pesel: peselSchema,
  personalNumber: personalNumberSchema,
}).typeError(M.objectRequired);

/** A patient of the user's family: every personal detail but e-mail and phone is required. */
export const patientSchema = object({
  personalDetails: patientPersonalDetailsSchema.required(M.required),
  address: patientAddressSchema.optional().default(undefined),
  /** The needs for the nurse: absent keeps them, null clears them. */
  needs: patientNeedsSchema.optional().default(undefined),
}).typeError(M.objectRequired);
export type PatientInput = InferType<typeof patientSchema>;

/** The user as their own patient: names and date of birth default to the account's. */
export const userPatientSchema = object({
  personalDetails: object({
    firstName: nameSchema.min(1, M.required).optional(),
    lastName: nameSchema.min(1, M.required).optional(),
    gender: genderSchema.required(M.genderInvalid),
    dateOfBirth: dateOfBirthSchema.min(1, M.required).optional(),
    email: emailSchema.nullable().optional(),
    phone: phoneSchema.nullable().optional(),
    // Checked against the date of birth once the account's is filled in (accounts/patients.ts).
    pesel: identifier(normalizePesel),
    personalNumber: personalNumberSchema,
  })
    .typeError(M.objectRequired)
    .required(M.required),
  address: patientAddressSchema.optional().default(undefined),
  needs: patientNeedsSchema.optional().default(undefined),
}).typeError(M.objectRequired);
export type UserPatientInput = InferType<typeof userPatientSchema>;
