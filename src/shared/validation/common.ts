import './safeStringCase';
import { boolean, number, string } from 'yup';
import { VALIDATION_MESSAGES as M } from './messages';
import { ID_PATTERN } from '@/shared/ids';

/**
 * Field schemas shared by the client forms and the server routes (isomorphic: no server imports).
 * Strings must be strings (a number where text is expected is a 400, not a cast), are trimmed and
 * have a maximum length.
 */
const isTextOrEmpty = (_: unknown, ctx: { originalValue?: unknown }) => ctx.originalValue == null || typeof ctx.originalValue === 'string';

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const lowered = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);

/**
 * A trimmed string of at most `max` characters (optional unless `.required()` is added). Arrays,
 * objects and numbers fail with a message instead of being cast.
 */
export const text = (max: number) =>
  string().typeError(M.mustBeText).test('is-text', M.mustBeText, isTextOrEmpty).transform(trimmed).max(max, M.tooLong);

/** Letters of any alphabet, with spaces, hyphens and apostrophes between them. */
export const NAME_PATTERN = /^[\p{L}\p{M}](?:[\p{L}\p{M} '’-]*[\p{L}\p{M}])?$/u;

export const nameSchema = text(100).max(100, M.nameTooLong).matches(NAME_PATTERN, { message: M.nameInvalid, excludeEmptyString: true });

export const emailSchema = text(254)
  .max(254, M.emailTooLong)
  .transform(lowered)
  .matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: M.emailInvalid, excludeEmptyString: true })
  .email(M.emailInvalid);

/** `+` then 7 to 15 digits; spaces allowed between digits. */
export const PHONE_PATTERN = /^\+(?:\d ?){6,14}\d$/;
export const phoneSchema = text(30).matches(PHONE_PATTERN, { message: M.phoneInvalid, excludeEmptyString: true });

/** At least 12 characters (ASVS 2.1.1); the server also refuses commonly breached passwords. */
export const PASSWORD_MIN_LENGTH = 12;
export const passwordSchema = string()
  .typeError(M.mustBeText)
  .test('is-text', M.mustBeText, isTextOrEmpty)
  .min(PASSWORD_MIN_LENGTH, M.passwordTooShort)
  .max(128, M.passwordTooLong);

export const MIN_DATE_OF_BIRTH = '1900-01-01';

/** Today's date (YYYY-MM-DD) in the local time of the running environment. */
export function todayIso(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const dateOfBirthSchema = text(10)
  .test('date', M.dateInvalid, (v) => !v || isCalendarDate(v))
  .test('not-future', M.dateInFuture, (v) => !v || !isCalendarDate(v) || v <= todayIso())
  .test('not-too-early', M.dateTooEarly, (v) => !v || !isCalendarDate(v) || v >= MIN_DATE_OF_BIRTH);

export const genderSchema = string().typeError(M.genderInvalid).oneOf(['male', 'female'] as const, M.genderInvalid);

/** The message of a path segment that is not an id. */
export const PARAM_ID_INVALID = 'Not a valid id';

/**
 * A path segment that must be a positive integer id (`"12"`: no sign, no leading zero, no spaces),
 * handed to the route's handler as a number.
 */
export const idParam = () =>
  number()
    .transform((_value: unknown, original: unknown) => (typeof original === 'string' && ID_PATTERN.test(original) ? Number(original) : Number.NaN))
    .typeError(PARAM_ID_INVALID)
    .required(PARAM_ID_INVALID)
    .integer(PARAM_ID_INVALID)
    .min(1, PARAM_ID_INVALID)
    .max(2_147_483_647, PARAM_ID_INVALID);

/** A positive integer id, as a route or query parameter (`"12"`) or a JSON number. */
export const idSchema = number().typeError(M.idInvalid).integer(M.idInvalid).min(1, M.idInvalid).max(2_147_483_647, M.idInvalid);

export const laboratoryIdSchema = text(100).matches(/^[A-Za-z0-9_-]+$/, { message: M.laboratoryIdInvalid, excludeEmptyString: true });

export const searchTermSchema = text(100).min(1, M.searchTermInvalid).max(100, M.searchTermInvalid).required(M.searchTermInvalid);

/** `true`/`false` in a query string. */
export const queryBooleanSchema = boolean().typeError(M.booleanInvalid);

export const tokenSchema = text(200).required(M.tokenRequired);

export const SUPPORTED_LOCALES = ['en', 'ru', 'pl'] as const;
export const localeSchema = string().typeError(M.localeInvalid).oneOf(SUPPORTED_LOCALES, M.localeInvalid);
