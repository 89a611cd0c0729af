import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import './safeStringCase';
import { isValidPostalCode } from './postalCode';
import { ID_PATTERN } from '@/shared/ids';
import { DEFAULT_APARTMENT, DEFAULT_FLOOR, DEFAULT_ORDER_COUNTRY } from '@/shared/orderDefaults';

/**
 * Checkout schemas shared by the order forms (formik) and the shop API (`POST /api/order/create`),
 * so the browser and the server agree on every rule. Messages are English texts that double as
 * translation keys of the `cart` namespace.
 */

export const MESSAGES = {
  cityRequired: 'City is required',
  streetRequired: 'Street and house number are required',
  countryRequired: 'Country is required',
  tooLong: 'Too long',
  oneLine: 'Enter this on one line',
  phoneInvalid: 'Enter a phone number like +48 600 100 200',
  contactRequired: 'Choose at least one way to contact you',
  slotRequired: 'Choose a visit time',
  dateRequired: 'Choose a visit date',
  laboratoryRequired: 'Laboratory is required',
  postalCodeRequired: 'Postal code is required',
  postalCodeInvalid: 'Enter a valid postal code',
  postalCodeInvalidPL: 'Enter a Polish postal code like 00-950',
  postalCodeInvalidBY: 'Enter a Belarusian postal code of six digits like 220030',
  postalCodeInvalidLT: 'Enter a Lithuanian postal code like LT-01100',
  postalCodeNotServed: 'The laboratory does not make home visits to this postal code',
  promoUnknown: 'Unknown promo code',
  promoExpired: 'This promo code has expired',
  promoNotYetValid: 'This promo code is not valid yet',
  promoOtherLaboratory: 'This promo code is not valid in the chosen laboratory',
  promoMinOrder: 'The order is below the minimum amount for this promo code',
  promoExhausted: 'This promo code has been used up',
  promoUserLimit: 'You have already used this promo code as many times as allowed',
} as const;

/** A promo code as typed: letters, digits, `-` and `_`, compared in upper case. */
export const promoCodeSchema = string()
  .trim()
  .max(40, MESSAGES.promoUnknown)
  .matches(/^[A-Za-z0-9_-]*$/, MESSAGES.promoUnknown)
  .transform((v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v));

/** The message for a postal code that does not match the format of `country`. */
export function postalCodeMessage(country: string): string {
  const c = country.trim().toUpperCase();
  if (c === 'PL') return MESSAGES.postalCodeInvalidPL;
  if (c === 'BY') return MESSAGES.postalCodeInvalidBY;
  if (c === 'LT') return MESSAGES.postalCodeInvalidLT;
  return MESSAGES.postalCodeInvalid;
}

/**
 * The postal code of an order address, checked against the format of the address's country (the
 * sibling `country` field) and normalised to its written form (`02715` → `02-715`, `01100` → `LT-01100`).
 */
export const postalCodeSchema = string()
  .trim()
  .max(12, MESSAGES.tooLong)
  .required(MESSAGES.postalCodeRequired)
  .test('postal-code', MESSAGES.postalCodeInvalid, function (v) {
    const country = String((this.parent as { country?: unknown } | undefined)?.country ?? DEFAULT_ORDER_COUNTRY);
    if (!v || isValidPostalCode(country, v)) return true;
    return this.createError({ message: postalCodeMessage(country) });
  });

/** 409 answer of order creation when the chosen nurse slot filled up. */
export const SLOT_FULL_MESSAGE = 'The selected visit time is fully booked, please choose another';

export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,19}$/;

const text = (max: number) => string().trim().max(max, MESSAGES.tooLong);
/** One line: no line breaks or other control characters (they would reach mail headers and calendar lines). */
const line = (max: number) => text(max).matches(/^[^\u0000-\u001f\u007f]*$/, { message: MESSAGES.oneLine, excludeEmptyString: true });

export const orderAddressSchema = object({
  country: line(56).default(DEFAULT_ORDER_COUNTRY).required(MESSAGES.countryRequired),
  city: line(100).required(MESSAGES.cityRequired),
  postalCode: postalCodeSchema,
  street: line(200).required(MESSAGES.streetRequired),
  entry: line(20).default(''),
  floor: line(20).default(DEFAULT_FLOOR),
  apartment: line(20).default(DEFAULT_APARTMENT),
  intercomCode: line(40).default(''),
  notes: text(500).default(''),
});
export type OrderAddress = InferType<typeof orderAddressSchema>;

export const feedbackDetailsSchema = object({
  useEmail: boolean().default(true),
  usePhone: boolean().default(true),
  quickPhone: string()
    .trim()
    .default('')
    // Empty: the nurse calls the phone number of the account.
    .test('phone', MESSAGES.phoneInvalid, (v) => !v || PHONE_PATTERN.test(v)),
}).test('contact', MESSAGES.contactRequired, function (v) {
  if (!v || v.useEmail || v.usePhone) return true;
  // Reported on the e-mail checkbox so forms can show it next to the choices.
  return this.createError({ path: this.path ? `${this.path}.useEmail` : 'useEmail', message: MESSAGES.contactRequired });
});
export type FeedbackDetails = InferType<typeof feedbackDetailsSchema>;

export const createOrderSchema = object({
  laboratoryId: string().trim().max(64, MESSAGES.tooLong).required(MESSAGES.laboratoryRequired),
  /** The start of the chosen nurse slot (ISO date-time), as shown to the user. */
  nurseCheckoutDate: string()
    .trim()
    .required(MESSAGES.dateRequired)
    .test('date', 'Invalid visit date', (v) => !v || !Number.isNaN(Date.parse(v))),
  orderSlotId: number().strict().integer().positive().required(MESSAGES.slotRequired),
  orderAddress: orderAddressSchema.required(),
  feedbackDetails: feedbackDetailsSchema.default(() => ({ useEmail: true, usePhone: true, quickPhone: '' })),
  /** Optional; the discount is computed by the server. */
  promoCode: promoCodeSchema.optional(),
  /** `online` (default where the laboratory offers it) or `on_visit`. */
  paymentMethod: string().strict().oneOf(['online', 'on_visit'] as const, 'Choose "online" or "on_visit"').optional(),
  /** The first day of the last period (YYYY-MM-DD), for cycle-day analyses; checked by the server (not in the future, at most a year back). */
  cycleStart: string().strict().trim().max(10).nullable().optional(),
});
export type CreateOrderInput = InferType<typeof createOrderSchema>;

/** `POST order/promo`: what a promo code takes off the caller's cart in a laboratory. */
export const promoQuoteSchema = object({
  laboratoryId: string().trim().max(64, MESSAGES.tooLong).required(MESSAGES.laboratoryRequired),
  promoCode: promoCodeSchema.min(1, MESSAGES.promoUnknown).required(MESSAGES.promoUnknown),
});

/** `Idempotency-Key` header: an opaque token chosen by the client once per checkout. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** Bodies of the cart API (spec §7). */
const id = () => number().strict().integer().positive();

const isMaterialMap = (v: unknown): v is Record<string, boolean> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.keys(v).length <= 100 &&
  Object.entries(v).every(([k, b]) => /^[1-9][0-9]{0,9}$/.test(k) && typeof b === 'boolean');

/** Material id (string) to true (buy from the laboratory) or false (the patient brings their own). */
export const optionalMaterialMapSchema = mixed<Record<string, boolean>>(isMaterialMap)
  .typeError('Expected a map of material id to true/false')
  .nullable()
  .optional();

export const addToCartSchema = object({
  analysisId: id().required('analysisId is required'),
  patientIds: array(id().required()).min(1, 'Choose at least one patient').max(20).required('Choose at least one patient'),
  updateToIsBoughtOptionalMaterialMap: optionalMaterialMapSchema,
});

export const addProfileToCartSchema = object({
  profileId: id().required('profileId is required'),
  patientIds: array(id().required()).min(1, 'Choose at least one patient').max(20).required('Choose at least one patient'),
  updateToIsBoughtOptionalMaterialMap: optionalMaterialMapSchema,
});

export const removePatientAnalysisSchema = object({
  patientId: id().required('patientId is required'),
  analysisId: id().required('analysisId is required'),
});

/** Query ids come as strings. */
export const queryId = () =>
  string()
    .trim()
    .matches(ID_PATTERN, 'Expected a positive integer id');

export const cartQuerySchema = object({ laboratoryId: string().trim().max(64).optional() });
