import type { AnalysisTimingDto } from '@/shared/timing';
import type { PatientNeedsDto } from '@/shared/types/needs';
/**
 * Wire shapes of the two HTTP APIs (docs/openapi.yaml), shared by the server (which builds them in exactly
 * one place per entity) and the client. Money amounts are major units (12.5 = 12.50).
 */
import type { Currency } from '@/shared/money';

export interface ApiErrorBody {
  error: string;
  /** Machine-readable (`src/shared/errorCodes.ts`). */
  code: string;
  fields?: Record<string, string>;
}

/** A laboratory's city name and address in the other languages; English is `cityName` / `address`. */
export type LaboratoryI18nDto = Partial<Record<'ru' | 'pl', { cityName: string; address: string }>>;

export interface LaboratoryDto {
  id: string;
  cityName: string;
  email: string;
  aboutLink: string;
  address: string;
  /** City name and address in Russian and Polish (a missing one falls back to English). */
  i18n?: LaboratoryI18nDto;
  latitude: number;
  longitude: number;
  /** Additions beyond the spec's fields. */
  country?: string;
  currency?: Currency;
  phone?: string;
  /** The laboratory's time zone (IANA): visit times are shown in it. */
  timeZone?: string;
  /** Standard home visit fee of this laboratory, in its currency (a laboratory without zones charges it everywhere). */
  visitFee?: number;
  /**
   * The lowest home visit fee of this laboratory over its zones: what the cart shows as "from" until
   * the address, whose zone sets the fee, is known.
   */
  visitFeeFrom?: number;
  /** How the laboratory takes payment, the default first: online only where a payment provider serves its currency. */
  paymentMethods?: ('online' | 'on_visit')[];
}

export interface CatalogueHeaderDto {
  id: number;
  name: string;
  i18n?: CatalogueI18nDto;
}

export interface PriceDto {
  id: number;
  priceListId: number;
  currency: Currency;
  created: string;
  updated: string;
  price: number;
}

export interface MaterialDto {
  id: number;
  name: string;
  /** The name in Russian and Polish (a missing one falls back to English). */
  i18n?: CatalogueI18nDto;
  price: number;
  optional: boolean;
}

export interface RestrictionsDto {
  gender?: 'male' | 'female';
  minAge?: number;
  maxAge?: number;
}

/** A reference interval of an analysis: applies to the sex and age band given (ages in completed years, inclusive). */
export interface ReferenceRangeDto {
  gender?: 'male' | 'female';
  minAge?: number;
  maxAge?: number;
  low?: number;
  high?: number;
  /** Expected value of a text result, e.g. `negative`. */
  text?: string;
}

/** A catalogue item's name (and text, where translated) in the other languages; English is `name` / `description`. */
export type CatalogueI18nDto = Partial<Record<'ru' | 'pl', { name: string; description?: string; preparation?: string }>>;

export interface AnalysisDto {
  id: number;
  name: string;
  /** Names and texts in Russian and Polish (a missing one falls back to English). */
  i18n?: CatalogueI18nDto;
  code: string;
  description: string;
  /** Execution period in working days. */
  execPeriod: number;
  catalogueHeaders: CatalogueHeaderDto[];
  prices: PriceDto[];
  materials: MaterialDto[];
  restrictions: RestrictionsDto;
  /** Additions: fasting hours before sampling and preparation notes. */
  fastingHours?: number;
  preparation?: string;
  /** When it may be drawn: fasting hours, latest local time, cycle days (src/shared/timing.ts); {} when any time suits. */
  timing?: AnalysisTimingDto;
  /** LOINC code where the analysis has one (null when it has none). */
  loinc?: string | null;
  /** UCUM code of the result unit (null for text results). */
  unit?: string | null;
  /** The unit as shown to people (may differ from the UCUM code, e.g. `µmol/L`). */
  displayUnit?: string | null;
  /** Reference intervals by sex and age band (single-analysis read only). */
  referenceRanges?: ReferenceRangeDto[];
  /** Critical (panic) limits (single-analysis read only, where they exist). */
  criticalLow?: number;
  criticalHigh?: number;
}

export interface ProfileDto {
  id: number;
  name: string;
  i18n?: CatalogueI18nDto;
  description: string;
  labServices: AnalysisDto[];
  code: string;
  created: string;
  updated: string;
}

export type Gender = 'male' | 'female';

export interface PatientPersonalDetailsDto {
  firstName: string;
  lastName: string;
  gender: Gender;
  dateOfBirth: string;
  email: string | null;
  phone: string | null;
  /** Polish PESEL (11 digits); in answers to the patient's owner only. Absent in a PUT keeps it, null clears it. */
  pesel?: string | null;
  /** Belarusian personal (identification) number (14 characters); owner only, as `pesel`. */
  personalNumber?: string | null;
}

export interface PatientAddressDto {
  country: string;
  region: string;
  locality: string;
  district: string;
  street: string;
  houseNumber: string;
  entranceNumber: string;
  floorNumber: string;
  apartmentNumber: string;
  addressNotes: string;
}

/**
 * Who decides that the account reads a record's results (docs/privacy.md, "Family members"): the
 * holder's own record (`self`); a child under 18 (`guardian`); an adult who agreed (`consented`),
 * has not answered or was not asked (`pending`), refused (`refused`), or whose consent was withdrawn
 * or whose guardianship ended at 18 (`ended`). Only `self`, `guardian` and `consented` read results.
 */
export type PatientAccessDto = 'self' | 'guardian' | 'consented' | 'pending' | 'refused' | 'ended';

export interface PatientDto {
  id: number;
  personalDetails: PatientPersonalDetailsDto;
  address: PatientAddressDto;
  /** Filled in every answer of the patient calls. */
  access?: PatientAccessDto;
  /** What the nurse should know (answered to the account holder only; absent or null when nothing was said). */
  needs?: PatientNeedsDto | null;
}

/** An account that reads the caller's record with their consent (`GET users/current/record-access`). */
export interface RecordAccessDto {
  id: number;
  holderName: string;
  since: string;
}

/** One open sign-in session of the current user (`GET users/current/sessions`). */
export interface SessionDto {
  id: number;
  createdAt: string;
  lastUsedAt: string;
  /** The browser's name, e.g. "Firefox"; empty when unknown. */
  browser: string;
  /** The operating system's name, e.g. "Linux"; empty when unknown. */
  system: string;
  /** When the session ends unless used again (the earlier of its idle and absolute end). */
  expiresAt: string;
  /** The session of the request itself ("this device"). */
  current: boolean;
}

export interface CurrentUserDto {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  emailConfirmed: boolean;
  phone: string | null;
  dateOfBirth: string | null;
  role: 'patient' | 'staff';
  laboratoryId: string | null;
  staffLaboratoryId: string | null;
  /** Addition: for staff, `nurse` (home visits only, `/staff/visits`) or `staff` (the console). */
  staffRole?: 'staff' | 'nurse' | null;
  /** Addition: the user's interface language (en, ru, pl), null until chosen. */
  locale?: string | null;
}

export interface NurseSlotDto {
  id: number;
  start: string;
  end: string;
  capacity: number;
  available: number;
}

export interface MoneyDto {
  price: number;
  currency: Currency;
}

/** A material charged for one patient: the analyses that need it share one charge. */
export interface MaterialCartRefDto {
  material: MaterialDto;
  analysisIds: number[];
  /** False when the patient brings an optional material themselves. */
  bought: boolean;
}

/** The cart (spec §3): exactly these fields. Keys of the maps are ids as strings. */
export interface CartDto {
  patientIdsByAnalysisId: Record<string, number[]>;
  analysisIdsByPatientId: Record<string, number[]>;
  subCartTotalsByPatientId: Record<string, MoneyDto>;
  analysisDtosByPatientId: Record<string, AnalysisDto[]>;
  materialCartRefMapsByPatientId: Record<string, Record<string, MaterialCartRefDto>>;
  isBoughtOptionalMaterialMap: Record<string, boolean>;
  cartTotal: MoneyDto;
}

export type AddToCartStatus = 'added' | 'optionalMaterialDecisionRequested' | 'specificAnalysisRestrictionsApplied';

export interface AddToCartResponse {
  status: AddToCartStatus;
  cart: CartDto;
  /** With optionalMaterialDecisionRequested: the materials to decide (material id to suggested value). */
  isBoughtOptionalMaterialMap?: Record<string, boolean>;
  /** With specificAnalysisRestrictionsApplied: the patients the addable does not apply to. */
  patientIds?: number[];
}

export interface CreateOrderResponse {
  orderId: number;
  redirectUrl: string;
}

/** A laboratory that makes home visits to a postal code, and its fee there. */
export interface CoverageLaboratoryDto {
  id: string;
  cityName: string;
  address: string;
  i18n?: LaboratoryI18nDto;
  visitFee: number;
  currency: Currency;
}

/** `GET laboratories/{id}/coverage`: whether the laboratory visits a postal code, and for what fee. */
export interface CoverageDto {
  laboratoryId: string;
  country: string;
  /** The postal code in its written form. */
  postalCode: string;
  served: boolean;
  /** The visit fee in the laboratory's currency; null when not served. */
  visitFee: number | null;
  currency: Currency;
  /** Other laboratories that visit this postal code (for an unserved address: where to order instead). */
  servedBy: CoverageLaboratoryDto[];
}

/** `POST order/promo`: the discount a promo code gives on the caller's cart (computed by the server). */
export interface PromoQuoteDto {
  promoCode: string;
  discount: number;
  subtotal: number;
  currency: Currency;
}
