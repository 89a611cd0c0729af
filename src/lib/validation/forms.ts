import { boolean, object, string, ref } from 'yup';
import '@/shared/validation/safeStringCase';
import {
  changePasswordSchema as sharedChangePasswordSchema,
  passwordResetRequestSchema,
  registerSchema,
} from '@/shared/validation/account';
import { VALIDATION_MESSAGES as M } from '@/shared/validation/messages';
import { NATIONAL_ID_MESSAGES, normalizePersonalNumber, normalizePesel, PERSONAL_NUMBER_PATTERN, peselProblem } from '@/shared/validation/nationalIds';
import { isActivationCode } from '@/shared/validation/activationCode';
import { dateOfBirthSchema, emailSchema, nameSchema, passwordSchema, phoneSchema, tokenSchema } from '@/shared/validation/common';

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

/** The API's schema, with the consent to the terms and the privacy notice required (the API takes the spec's payload without it). */
export const registerFormSchema = registerSchema.shape({ acceptTerms: boolean().oneOf([true], M.termsRequired).required(M.termsRequired) });
export type RegisterFormValues = { email: string; password: string; firstName: string; lastName: string; phone: string; dateOfBirth: string; acceptTerms: boolean };

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
  // The server checks both again (shared/validation/nationalIds.ts).
  pesel: string().test('pesel', NATIONAL_ID_MESSAGES.peselFormat, function (v) {
    const pesel = normalizePesel(v ?? '');
    if (!pesel) return true;
    const { gender, dateOfBirth } = this.parent as { gender?: string; dateOfBirth?: string };
    const problem = peselProblem(pesel, { gender: gender === 'M' ? 'male' : gender === 'F' ? 'female' : null, dateOfBirth: dateOfBirth || null });
    return problem ? this.createError({ message: problem }) : true;
  }),
  personalNumber: string().test('personal-number', NATIONAL_ID_MESSAGES.personalNumberFormat, (v) => {
    const number = normalizePersonalNumber(v ?? '');
    return !number || PERSONAL_NUMBER_PATTERN.test(number);
  }),
});

/** The confirmation form: the link's token or the mail's 6-character code, typed into one field. */
export const emailTokenSchema = object({ token: tokenSchema });

/** The confirmation page's code form: the mail's code, and for a visitor the address it was sent to. */
const codeField = () => string().required(required).test('code', M.codeInvalid, (v) => !v || isActivationCode(v));
export const confirmCodeSchema = object({ code: codeField() });
export const confirmCodeVisitorSchema = object({ email: emailField(), code: codeField() });
