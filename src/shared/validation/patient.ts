import { object, type InferType } from 'yup';
import './safeStringCase';
import { VALIDATION_MESSAGES as M } from './messages';
import { dateOfBirthSchema, emailSchema, genderSchema, nameSchema, phoneSchema, text } from './common';

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

export const patientPersonalDetailsSchema = object({
  firstName: nameSchema.required(M.required),
  lastName: nameSchema.required(M.required),
  gender: genderSchema.required(M.genderInvalid),
  dateOfBirth: dateOfBirthSchema.required(M.required),
  email: emailSchema.nullable().optional(),
  phone: phoneSchema.nullable().optional(),
}).typeError(M.objectRequired);

/** A patient of the user's family: every personal detail but e-mail and phone is required. */
export const patientSchema = object({
  personalDetails: patientPersonalDetailsSchema.required(M.required),
  address: patientAddressSchema.optional().default(undefined),
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
  })
    .typeError(M.objectRequired)
    .required(M.required),
  address: patientAddressSchema.optional().default(undefined),
}).typeError(M.objectRequired);
export type UserPatientInput = InferType<typeof userPatientSchema>;
