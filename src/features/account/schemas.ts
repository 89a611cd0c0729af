import { object, string, ref, type InferType } from 'yup';

/**
 * The form schemas of the account pages. They follow the shared rules (names 1-100 letters, spaces,
 * hyphens and apostrophes in any alphabet; date of birth from 1900 and not in the future; e-mail;
 * international phone; password of at least 8 characters). Messages are English texts that are keys
 * of the `account` namespace.
 */
export const FORM_MESSAGES = {
  required: 'Required',
  emailInvalid: 'Enter a valid e-mail address',
  passwordTooShort: 'Use at least 8 characters',
  passwordsDiffer: 'Passwords do not match',
  nameInvalid: 'Use letters, spaces, hyphens and apostrophes only',
  nameTooLong: 'Use at most 100 characters',
  phoneInvalid: 'Enter the phone number in international form, e.g. +48 600 100 200',
  dateInvalid: 'Enter a valid date',
  dateInFuture: 'The date cannot be in the future',
  dateTooEarly: 'The date cannot be before 1900',
  genderRequired: 'Choose the gender',
} as const;

const NAME = /^[\p{L}\p{M}]+(?:[ '’-]+[\p{L}\p{M}]+)*$/u;
const PHONE = /^\+[1-9][0-9 ()-]{6,19}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const nameField = () =>
  string().trim().required(FORM_MESSAGES.required).max(100, FORM_MESSAGES.nameTooLong).matches(NAME, FORM_MESSAGES.nameInvalid);

export const emailField = () => string().trim().required(FORM_MESSAGES.required).email(FORM_MESSAGES.emailInvalid).max(254, FORM_MESSAGES.emailInvalid);

export const passwordField = () => string().required(FORM_MESSAGES.required).min(8, FORM_MESSAGES.passwordTooShort).max(200);

export const phoneField = () =>
  string()
    .trim()
    .default('')
    .test('phone', FORM_MESSAGES.phoneInvalid, (v) => !v || (PHONE.test(v) && v.replace(/\D/g, '').length >= 7));

function validDate(v: string): boolean {
  if (!DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const today = () => new Date().toISOString().slice(0, 10);

export const dateOfBirthField = () =>
  string()
    .trim()
    .default('')
    .test('date', FORM_MESSAGES.dateInvalid, (v) => !v || validDate(v))
    .test('past', FORM_MESSAGES.dateInFuture, (v) => !v || !validDate(v) || v <= today())
    .test('from1900', FORM_MESSAGES.dateTooEarly, (v) => !v || !validDate(v) || v >= '1900-01-01');

export const loginFormSchema = object({
  username: emailField(),
  password: string().required(FORM_MESSAGES.required),
});

export const registerFormSchema = object({
  email: emailField(),
  password: passwordField(),
  firstName: nameField(),
  lastName: nameField(),
  phone: phoneField(),
  dateOfBirth: dateOfBirthField(),
});
export type RegisterFormValues = InferType<typeof registerFormSchema>;

export const resetRequestSchema = object({ email: emailField() });

export const newPasswordSchema = object({
  newPassword: passwordField(),
  repeatPassword: string()
    .required(FORM_MESSAGES.required)
    .oneOf([ref('newPassword')], FORM_MESSAGES.passwordsDiffer),
});

export const changePasswordSchema = object({
  oldPassword: string().required(FORM_MESSAGES.required),
  newPassword: passwordField(),
  repeatPassword: string()
    .required(FORM_MESSAGES.required)
    .oneOf([ref('newPassword')], FORM_MESSAGES.passwordsDiffer),
});

export const profileSchema = object({
  firstName: nameField(),
  lastName: nameField(),
  phone: phoneField(),
  dateOfBirth: dateOfBirthField(),
});

export const patientFormSchema = object({
  firstName: nameField(),
  lastName: nameField(),
  gender: string().oneOf(['M', 'F'], FORM_MESSAGES.genderRequired).required(FORM_MESSAGES.genderRequired),
  dateOfBirth: dateOfBirthField().required(FORM_MESSAGES.required),
});

export const emailTokenSchema = object({ token: string().trim().required(FORM_MESSAGES.required).max(200) });
