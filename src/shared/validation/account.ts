import { boolean, object, string, type InferType } from 'yup';
import './safeStringCase';
import { VALIDATION_MESSAGES as M } from './messages';
import { dateOfBirthSchema, emailSchema, laboratoryIdSchema, localeSchema, nameSchema, passwordSchema, phoneSchema, text } from './common';
import { isActivationCode } from './activationCode';

/**
 * Account schemas shared by the forms (formik) and the backend routes. Unknown keys are dropped by
 * the server; wrong types fail with a message.
 */
const isTextOrEmpty = (_: unknown, ctx: { originalValue?: unknown }) => ctx.originalValue == null || typeof ctx.originalValue === 'string';

/** A password as typed at login: any text up to 128 characters (old passwords may be shorter than 12). */
const enteredPassword = string().typeError(M.mustBeText).test('is-text', M.mustBeText, isTextOrEmpty).max(128, M.passwordTooLong);

export const registerSchema = object({
  email: emailSchema.required(M.required),
  password: passwordSchema.required(M.required),
  firstName: nameSchema.required(M.required),
  lastName: nameSchema.required(M.required),
  phone: phoneSchema.nullable().optional(),
  dateOfBirth: dateOfBirthSchema.nullable().optional(),
  /**
   * The form's consent to the terms of service and the privacy notice. Optional, so the spec's payload
   * (without it) still registers; `false` is a refusal and is answered 400 naming the field.
   */
  acceptTerms: boolean().typeError(M.booleanInvalid).optional().test('accepted', M.termsRequired, (v) => v !== false),
}).typeError(M.objectRequired);
export type RegisterInput = InferType<typeof registerSchema>;

export const loginSchema = object({
  username: text(254).required(M.required),
  password: enteredPassword.required(M.required),
}).typeError(M.objectRequired);
export type LoginInput = InferType<typeof loginSchema>;

export const passwordResetRequestSchema = object({
  email: emailSchema.required(M.required),
}).typeError(M.objectRequired);

/** Settings form: change with the current password. */
export const changePasswordSchema = object({
  oldPassword: enteredPassword.required(M.required),
  newPassword: passwordSchema.required(M.required),
}).typeError(M.objectRequired);

/** `PUT users/password`: either shape above; the server requires one of oldPassword and token. */
export const passwordUpdateSchema = object({
  oldPassword: enteredPassword.optional(),
  token: text(200).optional(),
  newPassword: passwordSchema.required(M.required),
}).typeError(M.objectRequired);
export type PasswordUpdateInput = InferType<typeof passwordUpdateSchema>;

/** `PUT users/{id}`: every field optional; a given name may not be empty. */
export const userUpdateSchema = object({
  firstName: nameSchema.min(1, M.required).optional(),
  lastName: nameSchema.min(1, M.required).optional(),
  phone: phoneSchema.nullable().optional(),
  dateOfBirth: dateOfBirthSchema.nullable().optional(),
  laboratoryId: laboratoryIdSchema.nullable().optional(),
  locale: localeSchema.nullable().optional(),
}).typeError(M.objectRequired);
export type UserUpdateInput = InferType<typeof userUpdateSchema>;

/**
 * `POST users/activate`: the link's `token`, or the mail's 6-character `code` (of the signed-in user,
 * or of the account with `email`).
 */
export const activateSchema = object({
  token: text(200).optional(),
  code: text(20).optional().test('code', M.codeInvalid, (v) => v === undefined || isActivationCode(v)),
  email: emailSchema.optional(),
})
  .typeError(M.objectRequired)
  .test('token-or-code', M.tokenRequired, function (v) {
    return Boolean(v?.token || v?.code) || this.createError({ path: 'token', message: M.tokenRequired });
  });
export type ActivateInput = InferType<typeof activateSchema>;

export const EMAIL_CONFIRMATION_FLOWS = ['settings', 'order'] as const;
export const sendActivationSchema = object({
  returnTo: string().typeError(M.mustBeText).oneOf(EMAIL_CONFIRMATION_FLOWS, M.mustBeText).optional(),
}).typeError(M.objectRequired);
