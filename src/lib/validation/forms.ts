import { object, string, ref } from 'yup';
import '@/shared/validation/safeStringCase';
import {
  activateSchema,
  changePasswordSchema as sharedChangePasswordSchema,
  passwordResetRequestSchema,
  registerSchema,
} from '@/shared/validation/account';
import { VALIDATION_MESSAGES as M } from '@/shared/validation/messages';
import { dateOfBirthSchema, emailSchema, nameSchema, passwordSchema, phoneSchema } from '@/shared/validation/common';

/**
 * The form schemas of the account pages, built from the shared field schemas (`src/lib/validation`)
 * that the server uses too. Messages are English sentences that are keys of the `account` namespace.
 */
export const FORM_MESSAGES = {
  required: M.required,
  passwordsDiffer: 'Passwords do not match',
} as const;

const required = M.required;
export const nameField = () => nameSchema.required(required);
export const emailField = () => emailSchema.required(required);
export const passwordField = () => passwordSchema.required(required);
export const phoneField = () => phoneSchema.default('');
export const dateOfBirthField = () => dateOfBirthSchema.default('');

export const loginFormSchema = object({
  username: emailField(),
  password: string().required(required),
});

export const registerFormSchema = registerSchema;
export type RegisterFormValues = { email: string; password: string; firstName: string; lastName: string; phone: string; dateOfBirth: string };

export const resetRequestSchema = passwordResetRequestSchema;

const repeatPassword = () =>
  string()
    .required(required)
    .oneOf([ref('newPassword')], FORM_MESSAGES.passwordsDiffer);

/** The new password twice; the token comes from the mailed link. */
export const newPasswordSchema = object({ newPassword: passwordField(), repeatPassword: repeatPassword() });

export const changePasswordSchema = sharedChangePasswordSchema.shape({ repeatPassword: repeatPassword() });

export const profileSchema = object({
  firstName: nameField(),
  lastName: nameField(),
  phone: phoneField(),
  dateOfBirth: dateOfBirthField(),
});

export const patientFormSchema = object({
  firstName: nameField(),
  lastName: nameField(),
  gender: string().oneOf(['M', 'F'], M.genderInvalid).required(M.genderInvalid),
  dateOfBirth: dateOfBirthSchema.required(required),
});

export const emailTokenSchema = activateSchema;
