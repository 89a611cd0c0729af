import type { AnalysisResultDto, OrderAddressDto, OrderEventDto, OrderStatusDto, ResultInterpretationDto, VisitDto } from './results';
import type { RejectionReason } from '@/shared/sampleRejection';
import type { SampleCheckInDto, VisitNeedsDto } from './needs';
import type { VisitStateDto } from '@/shared/visitState';
import type { PaymentDto } from './payment';
import type { NurseVisitPaymentDto } from './visitPayment';
import type { CatalogueI18nDto } from './api';
/**
 * Wire shapes of the lab staff console, the nurse's day and the staff's promo codes (docs/openapi.yaml:
 * `GET staff/orders`, `GET staff/visits` ... under the backend root). Built by the server in
 * src/server/{staff/staff,visits/nurseVisits,staff/staffPromo}.ts, consumed by the staff feature.
 * Money in major units, timestamps ISO-8601 UTC.
 */
/* ---- lab staff console ---- */

export interface StaffAnalysisLineDto {
  analysisId: number;
  code: string;
  name: string;
  /** Defaults for entering a result: the unit and the interval for this patient's sex and age on the sampling day. */
  defaultUnit: string;
  defaultRefLow: number | null;
  defaultRefHigh: number | null;
  /** Expected value of a text result (empty when none). */
  defaultRefText: string;
  criticalLow: number | null;
  criticalHigh: number | null;
  loinc: string | null;
  /** The analysis reports text (a written report): the only kind that takes free text; others take a number or, with `defaultRefText`, a finding. */
  reportsText?: boolean;
  /** A component of a panel ordered (the blood count's HGB): the panel's line it is entered under. */
  panel?: { analysisId: number; code: string; name: string };
  result: AnalysisResultDto | null;
}

export interface StaffOrderPatientDto {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: 'male' | 'female';
  analyses: StaffAnalysisLineDto[];
}

export interface StaffOrderDto {
  id: number;
  number: string;
  status: OrderStatusDto;
  createdAt: string;
  visit: VisitDto;
  address: OrderAddressDto;
  contactPhone: string;
  /** The e-mail is left out for a nurse (a home visit does not need it). */
  customer: { firstName: string; lastName: string; email?: string };
  patients: StaffOrderPatientDto[];
  analysisCount: number;
  resultCount: number;
  /** The nurse assigned to the visit, if any. */
  nurse: StaffMemberDto | null;
  /** Set when the nurse found nobody at home. */
  notAtHome: NotAtHomeDto | null;
}

export interface StaffMemberDto {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  /** The name staff read ("Anna Nowak": the display name given to `staff:add --name`); null when none was given. */
  displayName: string | null;
}

export interface NotAtHomeDto {
  at: string;
  note: string;
}

/** A sample material to bring: how many (one per patient who needs it). */
export interface VisitMaterialDto {
  name: string;
  /** The catalogue's names in ru and pl (the card reads the nurse's language, English when none). */
  i18n?: CatalogueI18nDto;
  count: number;
}

export interface NurseVisitPatientDto {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: 'male' | 'female';
  analyses: { code: string; name: string; i18n?: CatalogueI18nDto }[];
  materials: VisitMaterialDto[];
}

/** One home visit as the nurse's day shows it (`GET staff/visits`). */
export interface NurseVisitDto {
  orderId: number;
  number: string;
  status: OrderStatusDto;
  visit: VisitDto;
  address: OrderAddressDto;
  phone: string;
  customer: { firstName: string; lastName: string };
  patients: NurseVisitPatientDto[];
  /** Every material of the visit, counted per patient. */
  materials: VisitMaterialDto[];
  nurse: StaffMemberDto | null;
  notAtHome: NotAtHomeDto | null;
  /** The visit's own state and the announced arrival window. */
  visitState: VisitStateDto;
  arrivalWindow: { start: string; end: string } | null;
  /** The visit can be marked "samples collected" now. */
  canMarkCollected: boolean;
  /** The visit can be marked "not at home" now. */
  canMarkNotAtHome: boolean;
  /**
   * The visit's day against today, in the laboratory's time zone: the nurse's steps (on my way,
   * arrived, samples collected, not at home) are taken only `today`; `ahead` and `past` show them closed.
   */
  visitDay: 'today' | 'ahead' | 'past';
  /** A second draw for rejected samples: their reasons, and whether to use a butterfly needle (RH, QS, RC). */
  redraw?: { reasons: RejectionReason[]; butterfly: boolean } | null;
  /** Each patient's needs for the nurse and the morning check-in (docs/backend.md, "The patient's needs"). */
  needs?: VisitNeedsDto | null;
  /** The money at the door: paid online, or what to collect and the payment the nurse recorded. */
  payment: NurseVisitPaymentDto;
}

/**
 * The part of a visit's card that a state move changes: the answer of POST staff/visits/{id}/state
 * to `Prefer: return=minimal` (RFC 7240); the card keeps the rest as it was.
 */
export type NurseVisitStateDto = Pick<NurseVisitDto, 'orderId' | 'status' | 'visit' | 'notAtHome' | 'visitState' | 'arrivalWindow' | 'canMarkCollected' | 'canMarkNotAtHome' | 'visitDay'>;

export interface NurseVisitsDto {
  /** The day shown (YYYY-MM-DD, in the laboratory's time zone). */
  day: string;
  timeZone: string;
  visits: NurseVisitDto[];
}

export interface StaffOrderDetailDto extends StaffOrderDto {
  events: OrderEventDto[];
  /** Present on every server answer (docs/payments.md). */
  payment?: PaymentDto;
  /** Statuses the order may move to now. */
  nextStatuses: OrderStatusDto[];
  /** Results can be entered in the current status. */
  canEnterResults: boolean;
  /** The morning check-in's answers (staff of the laboratory; absent for a nurse, whose day shows them). */
  checkIn?: SampleCheckInDto | null;
}

export interface ResultsImportResponse {
  orderId: number;
  status: OrderStatusDto;
  /** Number of results written (inserted or updated). */
  saved: number;
}

/* ---- promo codes in the staff console ---- */

/** A promo code valid in the staff member's laboratory, with its use so far. */
export interface StaffPromoCodeDto {
  id: number;
  code: string;
  /** null: valid in every laboratory (made with `npm run promo:add` without `--laboratory`). */
  laboratoryId: string | null;
  kind: 'percent' | 'amount';
  /** For `percent`: 1-100. */
  percent: number | null;
  /** For `amount`: major units of the laboratory's currency. */
  amount: number | null;
  minOrder: number;
  currency: string;
  validFrom: string | null;
  validTo: string | null;
  maxUses: number | null;
  perUser: number | null;
  usedCount: number;
  /** Orders of this laboratory that used the code, and the discount they got (major units). */
  orderCount: number;
  discountGiven: number;
  createdAt: string;
}

/** A sensitive result outside its range held for the laboratory's doctor (`GET staff/held-results`). */
export interface HeldResultDto {
  resultId: number;
  orderId: number;
  orderNumber: string;
  patientId: number;
  analysisCode: string;
  analysisName: string;
  value: number | string;
  unit: string;
  interpretation: ResultInterpretationDto;
  heldAt: string;
  /** Shown to the patient by then at the latest, with the laboratory's phone number. */
  releaseDue: string;
}
