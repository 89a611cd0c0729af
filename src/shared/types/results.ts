import type { PaymentDto } from './payment';
import type { RedrawDto, SampleDto } from '@/shared/sampleRejection';
/**
 * Wire shapes of the order lifecycle, the lab staff console and the test results (docs/openapi.yaml:
 * `GET orders`, `GET test-results` ... under the backend root). Built by the server in
 * src/server/{orders/orderLifecycle,results/results,staff/staff}.ts, consumed by the results and staff features.
 * Money in major units, timestamps ISO-8601 UTC.
 */
import type { VisitStateDto } from '@/shared/visitState';
import type { CatalogueI18nDto, LaboratoryI18nDto } from './api';
import type { Currency } from '@/shared/money';
import type { OrderPreparationDto } from './order';

export const ORDER_STATUSES = [
  'placed',
  'visit_confirmed',
  'sample_collected',
  'in_lab',
  'partial_results',
  'completed',
  'cancelled',
] as const;
export type OrderStatusDto = (typeof ORDER_STATUSES)[number];

export const RESULT_FLAGS = ['low', 'normal', 'high', 'critical', 'abnormal'] as const;
export type ResultFlagDto = (typeof RESULT_FLAGS)[number];

/** HL7 v3 ObservationInterpretation: normal, low, high, critically low, critically high, abnormal (text). */
export const RESULT_INTERPRETATIONS = ['N', 'L', 'H', 'LL', 'HH', 'A'] as const;
export type ResultInterpretationDto = (typeof RESULT_INTERPRETATIONS)[number];

export interface VisitDto {
  slotId: number;
  start: string;
  end: string;
  /** The laboratory's time zone (IANA), in which the visit's dates and times are shown. */
  timeZone: string;
}

/** The home visit as the patient follows it: its own state, the nurse's arrival window and first name, its events in order. */
export interface VisitTrackingDto {
  state: VisitStateDto;
  window: { start: string; end: string } | null;
  /** The nurse's first name only (no surname, no phone: the laboratory's phone is shown instead). */
  nurseFirstName: string | null;
  events: { state: VisitStateDto; at: string }[];
}

export interface OrderLaboratoryDto {
  id: string;
  cityName: string;
  address: string;
  /** City name and address in Russian and Polish. */
  i18n?: LaboratoryI18nDto;
  phone: string;
  /** The laboratory's time zone (IANA). */
  timeZone: string;
  /** The emergency number of the laboratory's country (112 in the EU). */
  emergencyNumber?: string;
}

export interface OrderSummaryDto {
  id: number;
  number: string;
  status: OrderStatusDto;
  createdAt: string;
  visit: VisitDto;
  laboratory: OrderLaboratoryDto;
  total: { price: number; currency: Currency };
  patientCount: number;
  analysisCount: number;
  resultCount: number;
}

export interface OrderEventDto {
  status: OrderStatusDto;
  at: string;
  note: string;
  /** Who made the change: the patient, the laboratory, or the system. */
  actor: 'patient' | 'staff' | 'system';
}

export interface OrderLineDto {
  analysisId: number;
  code: string;
  name: string;
  /** The analysis's name in Russian and Polish. */
  i18n?: CatalogueI18nDto;
  price: number;
  hasResult: boolean;
  /** Collection time + the analysis's turnaround in working days of the laboratory (null before collection). */
  expectedBy: string | null;
  /** The result shown is preliminary (the laboratory may still change it). */
  preliminary: boolean;
  /** The sample of this line: fine, rejected by the laboratory, or its free redraw booked. */
  sample?: SampleDto;
}

export interface OrderPatientDto {
  id: number;
  firstName: string;
  lastName: string;
  lines: OrderLineDto[];
  /** Sample materials of this patient (a bought one is charged; otherwise the patient brings it). */
  materials: { materialId: number; name: string; i18n?: CatalogueI18nDto; bought: boolean; price: number }[];
}

export interface OrderAddressDto {
  country: string;
  city: string;
  postalCode: string;
  street: string;
  entry: string;
  floor: string;
  apartment: string;
  intercomCode: string;
  notes: string;
}

export interface OrderDetailDto extends OrderSummaryDto {
  /** Present on every server answer (docs/payments.md). */
  payment?: PaymentDto;
  /** The order's laboratory, with the e-mail the patient may write to (the order-submitted page's contact). */
  laboratory: OrderLaboratoryDto & { email: string };
  /** What the visit asks of the patient: the strictest fasting and the analyses' preparation notes. */
  preparation: OrderPreparationDto;
  subtotal: number;
  deliveryPrice: number;
  promoCode: string | null;
  discount: number;
  address: OrderAddressDto;
  feedback: { useEmail: boolean; usePhone: boolean; quickPhone: string };
  patients: OrderPatientDto[];
  /** The patients' ids in the order their lines were placed (the cart's order; `patients` come by patient id). Present on every server answer. */
  patientIdsPlaced?: number[];
  events: OrderEventDto[];
  visit: VisitDto & VisitTrackingDto;
  /** The latest "expected by" of the order's analyses (null: no turnaround known yet). */
  expectedBy: string | null;
  /** The patient may still cancel or move the visit (until 24 hours before it). */
  canChangeVisit: boolean;
  /** The moment after which the visit can no longer be cancelled or moved. */
  changeDeadline: string;
  /** The free redraw of rejected samples (docs/backend.md, "Rejected samples"). */
  redraw?: RedrawDto;
  /** This order is the free redraw of that order. */
  redrawOf?: number | null;
}

/** One set of results = one order that has results. */
export interface TestResultSummaryDto {
  id: number;
  orderNumber: string;
  status: OrderStatusDto;
  createdAt: string;
  visit: VisitDto;
  laboratory: OrderLaboratoryDto;
  patientCount: number;
  /** The patients of the set, "first last". */
  patientNames?: string[];
  /** When the nurse recorded the samples collected (null before; the booked visit is `visit`). */
  sampledAt?: string | null;
  analysisCount: number;
  resultCount: number;
  /** Results outside the reference range (low, high or critical). */
  flaggedCount: number;
  /** Results beyond a critical limit (contact a doctor promptly). */
  criticalCount: number;
  /** When the latest result was entered. */
  updatedAt: string;
}

export interface TestResultPatientDto {
  id: number;
  firstName: string;
  lastName: string;
  analysisCount: number;
  resultCount: number;
  flaggedCount: number;
  criticalCount: number;
  /** This adult has not agreed that the account reads their results (household consent): no counts, their calls answer 403 `consent_required`. */
  consentRequired?: boolean;
}

export interface TestResultDto extends TestResultSummaryDto {
  patients: TestResultPatientDto[];
}

/** What an analysis measures and what low or high values commonly mean, per language. */
export interface ExplanationTextDto {
  measures: string;
  low: string | null;
  high: string | null;
  /** The reminder that a doctor interprets results. */
  doctor: string;
}
export type ResultExplanationDto = Record<'en' | 'ru' | 'pl', ExplanationTextDto>;

export interface AnalysisResultDto {
  id: number;
  analysisId: number;
  analysisCode: string;
  analysisName: string;
  /** The value: a number, or text for qualitative results. */
  value: number | string;
  unit: string;
  refLow: number | null;
  refHigh: number | null;
  refText: string;
  /** Null when the result has no reference range to judge it by (no flag: neither normal nor abnormal). */
  flag: ResultFlagDto | null;
  /** HL7 v3 interpretation computed by the server: N, L, H, LL, HH (critical) or A (abnormal text); null without a reference range. */
  interpretation: ResultInterpretationDto | null;
  /** Beyond a critical (panic) limit: contact a doctor promptly. */
  critical: boolean;
  /** `catalogue`: the interval for the patient's sex and age on the sampling day; `override`: set for this result, with `rangeReason`; `legacy`: stored before intervals by sex and age. */
  rangeSource: 'catalogue' | 'override' | 'legacy';
  rangeReason: string;
  /** LOINC code of the analysis, where it has one. */
  loinc: string | null;
  comment: string;
  enteredAt: string;
  /** When a correction last replaced an earlier value (null: never corrected); earlier values are in `revisions` of the result page. */
  correctedAt?: string | null;
  /** A value the laboratory may still change (HL7 OBR-25 = P or marked so by staff); false once final. */
  preliminary?: boolean;
  /** In the patient's views: the analysis explained in each language. */
  explanation?: ResultExplanationDto;
  /** In the patient's views: the analysis' name in Russian and Polish (English is `analysisName`). */
  analysisI18n?: CatalogueI18nDto;
  /** In the patient's views: a sensitive analysis (shown after a "Show result" tap; docs/notifications.md). */
  sensitive?: boolean;
  /** In the patient's views: how a sensitive result that was held came to be shown. */
  release?: ResultReleaseDto;
  /** A component of a panel (the blood count's HGB): the panel it is reported under, and its place there. */
  panel?: ResultPanelDto;
}

export interface ResultPanelDto {
  analysisId: number;
  code: string;
  name: string;
  /** The panel's name in Russian and Polish. */
  i18n?: CatalogueI18nDto;
  /** The component's place in the panel's report (0 first). */
  position: number;
}

export interface PendingAnalysisDto {
  analysisId: number;
  code: string;
  name: string;
}

export interface ResultPatientDto {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: 'male' | 'female';
}

export interface PatientResultsDto {
  testResult: TestResultSummaryDto;
  patient: ResultPatientDto;
  results: AnalysisResultDto[];
  /** Ordered analyses that have no result yet. */
  pending: PendingAnalysisDto[];
}

export interface ResultHistoryPointDto {
  resultId: number;
  orderId: number;
  orderNumber: string;
  /** The visit (sampling) time of that order. */
  at: string;
  value: number | string;
  unit: string;
  flag: ResultFlagDto;
  interpretation: ResultInterpretationDto;
  refLow: number | null;
  refHigh: number | null;
}

export interface AnalysisResultDetailDto {
  testResult: TestResultSummaryDto;
  patient: ResultPatientDto;
  result: AnalysisResultDto;
  description: string;
  /** The same analysis for this patient over their orders, oldest first (includes this result). */
  history: ResultHistoryPointDto[];
  /** Earlier values of this result replaced by corrections, oldest first. */
  revisions?: ResultRevisionDto[];
}

/** An earlier value of a corrected result: what it said and when and why it was replaced. */
export interface ResultRevisionDto {
  value: number | string;
  unit: string;
  flag: ResultFlagDto;
  interpretation: ResultInterpretationDto;
  enteredAt: string;
  replacedAt: string;
  reason: string;
}

/* ---- share links ---- */

export interface ResultShareDto {
  id: number;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  /** When the link was last opened (null: never). */
  lastOpenedAt: string | null;
  openCount: number;
  state: 'active' | 'expired' | 'revoked';
}

/** Answer of creating a link: the only time the link (with its token) is shown. */
export interface ResultShareCreatedDto extends ResultShareDto {
  url: string;
}

/** What a shared link shows: the patient's name and results, nothing else of the account. */
export interface SharedResultsDto {
  patient: { firstName: string; lastName: string; dateOfBirth: string; gender: 'male' | 'female' };
  orderNumber: string;
  sampledAt: string;
  /** `timeZone`: the laboratory's zone (IANA), in which the page shows its dates. */
  laboratory: { cityName: string; address: string; phone: string; i18n?: LaboratoryI18nDto; timeZone?: string };
  results: AnalysisResultDto[];
  pending: PendingAnalysisDto[];
  expiresAt: string;
}

export type * from './staff';

/** How a held sensitive result was released: by the laboratory's doctor with a note, or after 72 hours (with the laboratory's phone). */
export type ResultReleaseDto = { by: 'doctor'; at: string; note: string } | { by: 'time'; at: string; laboratoryPhone: string };
