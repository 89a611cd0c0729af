import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import './safeStringCase';
import { ORDER_STATUSES, RESULT_FLAGS } from '@/shared/types/results';

/**
 * Schemas of the order lifecycle, staff console and results import, shared by the staff forms and
 * the server. Messages are English texts that double as translation keys of the `staff` namespace.
 */
export const RESULT_MESSAGES = {
  valueRequired: 'Enter a value',
  valueInvalid: 'A value is a number or a short text',
  valueNotNumber: 'Enter a number, such as 5.4, 5,4 or <0.01',
  valueNotFinding: 'Enter a finding, such as negative, positive or not detected',
  valuePanel: 'This analysis is a panel: enter the value of each of its components',
  rangeInvalid: 'The lower limit must not exceed the upper limit',
  tooLong: 'Too long',
  statusInvalid: 'Unknown status',
  dateInvalid: 'Use a date like 2026-11-21',
  resultsRequired: 'Send at least one result',
  tooMany: 'Too many results in one request',
  slotRequired: 'Choose a visit time',
  idInvalid: 'Not a valid id',
  noteRequired: 'Write what happened',
} as const;

const id = () => number().typeError(RESULT_MESSAGES.idInvalid).integer(RESULT_MESSAGES.idInvalid).positive(RESULT_MESSAGES.idInvalid);

/** A result value: a finite number or a non-empty text up to 200 characters. */
const resultValue = () =>
  mixed<number | string>()
    .required(RESULT_MESSAGES.valueRequired)
    .test('value', RESULT_MESSAGES.valueInvalid, (v) =>
      typeof v === 'number' ? Number.isFinite(v) : typeof v === 'string' && v.trim().length > 0 && v.trim().length <= 200,
    )
    .transform((v: unknown) => (typeof v === 'string' ? v.trim() : v));

const optionalNumber = () => number().typeError(RESULT_MESSAGES.valueInvalid).nullable().optional();

const rangeTest = {
  name: 'range',
  message: RESULT_MESSAGES.rangeInvalid,
  test: (entry: { refLow?: number | null; refHigh?: number | null }) =>
    entry.refLow == null || entry.refHigh == null || entry.refLow <= entry.refHigh,
};

export const resultEntrySchema = object({
  patientId: id().required(),
  analysisId: id().required(),
  value: resultValue(),
  unit: string().trim().max(40, RESULT_MESSAGES.tooLong).optional(),
  refLow: optionalNumber(),
  refHigh: optionalNumber(),
  refText: string().trim().max(200, RESULT_MESSAGES.tooLong).optional(),
  flag: string().oneOf(RESULT_FLAGS).optional(),
  rangeReason: string().trim().max(500, RESULT_MESSAGES.tooLong).optional(),
  /** Why an entered result is being replaced (required when the result already has a different value). */
  correctionReason: string().trim().max(500, RESULT_MESSAGES.tooLong).optional(),
  comment: string().trim().max(1000, RESULT_MESSAGES.tooLong).optional(),
  /** The laboratory may still change this value: shown to the patient as preliminary, and the order is not completed by it. */
  preliminary: boolean().strict().optional(),
}).test(rangeTest);
export type ResultEntry = InferType<typeof resultEntrySchema>;

export const MAX_RESULTS_PER_REQUEST = 500;

export const resultEntriesSchema = object({
  entries: array(resultEntrySchema).required(RESULT_MESSAGES.resultsRequired).min(1, RESULT_MESSAGES.resultsRequired).max(MAX_RESULTS_PER_REQUEST, RESULT_MESSAGES.tooMany),
});

/** What a laboratory system posts (documented in docs/openapi.yaml). */
export const resultsImportSchema = object({
  orderNumber: string().trim().required().max(40, RESULT_MESSAGES.tooLong),
  results: array(
    object({
      patientId: id().required(),
      analysisCode: string().trim().required().max(40, RESULT_MESSAGES.tooLong),
      value: resultValue(),
      unit: string().trim().max(40, RESULT_MESSAGES.tooLong).optional(),
      refLow: optionalNumber(),
      refHigh: optionalNumber(),
      refText: string().trim().max(200, RESULT_MESSAGES.tooLong).optional(),
      flag: string().oneOf(RESULT_FLAGS).optional(),
      rangeReason: string().trim().max(500, RESULT_MESSAGES.tooLong).optional(),
      comment: string().trim().max(1000, RESULT_MESSAGES.tooLong).optional(),
    }).test(rangeTest),
  )
    .required(RESULT_MESSAGES.resultsRequired)
    .min(1, RESULT_MESSAGES.resultsRequired)
    .max(MAX_RESULTS_PER_REQUEST, RESULT_MESSAGES.tooMany),
});
export type ResultsImport = InferType<typeof resultsImportSchema>;

export const statusChangeSchema = object({
  status: string().required(RESULT_MESSAGES.statusInvalid).oneOf(ORDER_STATUSES, RESULT_MESSAGES.statusInvalid),
  note: string().trim().max(500, RESULT_MESSAGES.tooLong).optional(),
});

export const rescheduleSchema = object({
  slotId: id().required(RESULT_MESSAGES.slotRequired),
});

export const staffOrdersQuerySchema = object({
  date: string()
    .required(RESULT_MESSAGES.dateInvalid)
    .matches(/^\d{4}-\d{2}-\d{2}$/, RESULT_MESSAGES.dateInvalid)
    .test('date', RESULT_MESSAGES.dateInvalid, (v) => !v || !Number.isNaN(Date.parse(`${v}T00:00:00Z`))),
});

const dayString = () =>
  string()
    .matches(/^\d{4}-\d{2}-\d{2}$/, RESULT_MESSAGES.dateInvalid)
    .test('date', RESULT_MESSAGES.dateInvalid, (v) => !v || (!Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)));

/** `GET staff/visits?day=YYYY-MM-DD` (default: today in the laboratory's time zone). */
export const staffVisitsQuerySchema = object({
  day: dayString().optional(),
});

/** `PUT staff/orders/{id}/nurse`: the nurse's user id, or null to unassign. */
export const nurseAssignSchema = object({
  nurseUserId: id().nullable().defined(RESULT_MESSAGES.idInvalid),
});

/** `POST staff/orders/{id}/not-at-home`: the nurse's note. */
export const notAtHomeSchema = object({
  note: string().typeError(RESULT_MESSAGES.noteRequired).trim().required(RESULT_MESSAGES.noteRequired).max(500, RESULT_MESSAGES.tooLong),
});

const promoNumber = () => number().typeError('Enter a number').optional();

/** `POST staff/promo-codes`: the options of `npm run promo:add`, for the staff member's own laboratory. */
export const staffPromoSchema = object({
  code: string().typeError('Enter a code').trim().required('Enter a code').max(40, RESULT_MESSAGES.tooLong),
  percent: promoNumber(),
  amount: promoNumber(),
  minOrder: promoNumber(),
  maxUses: promoNumber().nullable(),
  perUser: promoNumber().nullable(),
  from: dayString().nullable().optional(),
  to: dayString().nullable().optional(),
});
export type StaffPromoInput = InferType<typeof staffPromoSchema>;
