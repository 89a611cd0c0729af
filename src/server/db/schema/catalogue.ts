import type { ColumnType, Generated } from 'kysely';

/** Laboratories, price lists, analyses, profiles, materials and their translations and search terms. Conventions in index.ts. */
export interface LaboratoryTable {
  id: string;
  city_name: string;
  country: string; // ISO 3166-1 alpha-2
  address: string;
  email: string;
  about_link: string;
  phone: string;
  latitude: number;
  longitude: number;
  price_list_id: number;
  /** Home visit fee charged once per order, in the price list's currency. */
  visit_fee_minor: number;
}

/**
 * A home-visit zone of a laboratory: postal codes of `country` whose digits start with `prefix`
 * (an empty prefix covers the whole country), visited for `visit_fee_minor` in the laboratory's
 * currency. A laboratory without zones visits its whole country for its `visit_fee_minor`.
 */
export interface LaboratoryZoneTable {
  id: Generated<number>;
  laboratory_id: string;
  country: string;
  prefix: string;
  visit_fee_minor: number;
}

export interface PriceListTable {
  id: Generated<number>;
  name: string;
  currency: 'EUR' | 'PLN' | 'BYN';
  created: string;
  updated: string;
}

export interface CatalogueHeaderTable {
  id: number;
  name: string;
}

export interface AnalysisTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** Lower-cased `code + ' ' + name` for case-insensitive search through an index. */
  search_text: string;
  description: string;
  /** Execution period in working days. */
  exec_period: number;
  /** Fasting hours needed before sampling (0 when none). */
  fasting_hours: number;
  preparation: string;
  restriction_gender: 'male' | 'female' | null;
  restriction_min_age: number | null;
  restriction_max_age: number | null;
  /** Reference range used as the default when results are entered. */
  result_unit: string | null;
  ref_low: number | null;
  ref_high: number | null;
  /** LOINC code (http://loinc.org), where the analysis has one. */
  loinc: string | null;
  /** UCUM code of the result unit (http://unitsofmeasure.org); `result_unit` is the display unit. */
  ucum_unit: string | null;
  /** Critical (panic) limits: a value beyond them is flagged LL / HH. */
  critical_low: number | null;
  critical_high: number | null;
  /** '' not sensitive; 'always' (HIV, hepatitis, syphilis, tumour markers); 'minor': for a patient under 18 (hCG). Never named in a notice; a result outside its range is held (`result_holds`). */
  sensitive: Generated<'' | 'always' | 'minor'>;
  /** When it may be drawn (src/shared/timing.ts): fasting hours [min, max], latest local time "HH:MM", cycle days [from, to]. */
  timing_fasting_min: Generated<number | null>;
  timing_fasting_max: Generated<number | null>;
  timing_latest_local_time: Generated<string | null>;
  timing_cycle_from: Generated<number | null>;
  timing_cycle_to: Generated<number | null>;
  /** 1: the result is a written report (free text, e.g. a genetic report); 0: a number or, with a text interval, a qualitative finding. */
  reports_text: Generated<number>;
}

/** A panel's components (e.g. the complete blood count's WBC, RBC, HGB ...): analyses reported under the panel, in `position` order. */
export interface AnalysisPanelComponentTable {
  panel_id: number;
  component_id: number;
  position: number;
}

/** Reference intervals of an analysis by sex and age band; the first applicable (by position) wins. */
export interface AnalysisReferenceRangeTable {
  id: Generated<number>;
  analysis_id: number;
  position: number;
  gender: 'male' | 'female' | null;
  /** Completed years on the sampling day, inclusive. */
  min_age: number | null;
  max_age: number | null;
  low: number | null;
  high: number | null;
  /** Expected value of a text result, e.g. `negative`. */
  text: string | null;
}

export interface AnalysisHeaderTable {
  analysis_id: number;
  header_id: number;
}

export interface AnalysisPriceTable {
  id: Generated<number>;
  price_list_id: number;
  analysis_id: number;
  price_minor: number;
  created: string;
  updated: string;
}

/** How VAT treats a sold material: exempt as part of the diagnostic service, or goods at 8 or 23 per cent. */
export type MaterialVatRate = 'zw' | '8' | '23';

export interface MaterialTable {
  id: Generated<number>;
  name: string;
  /** `zw` by default (docs/invoices.md). */
  vat_rate: Generated<MaterialVatRate>;
}

export interface MaterialPriceTable {
  price_list_id: number;
  material_id: number;
  price_minor: number;
}

export interface AnalysisMaterialTable {
  analysis_id: number;
  material_id: number;
  /** 1 when the patient may bring the material instead of buying it. */
  optional: number;
}

export interface ProfileTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  created: string;
  updated: string;
}

export interface ProfileAnalysisTable {
  profile_id: number;
  analysis_id: number;
  position: number;
}

/**
 * A catalogue item's name and text in another language than English (`analyses.name`,
 * `profiles.name`, `materials.name` and `catalogue_headers.name` are English, the fallback).
 * `synonyms`: extra search words (abbreviations, lay words); `preparation`: an analysis's
 * preparation text (empty: the English one).
 */
export interface CatalogueTranslationTable {
  kind: 'analysis' | 'profile' | 'material' | 'header';
  item_id: number;
  language: string;
  name: string;
  description: string;
  synonyms: string;
  preparation: ColumnType<string, string | undefined, string>;
}

/**
 * A word or phrase doctors write for a catalogue item (an abbreviation, a short or colloquial name:
 * "OB", "ОАК", "lipidogram"), per language; read by the doctor's-list matcher.
 */
export interface CatalogueSynonymTable {
  kind: 'analysis' | 'profile';
  item_id: number;
  language: string;
  term: string;
}

/** A laboratory's city name and address in another language (`laboratories` holds the fallback). */
export interface LaboratoryTranslationTable {
  laboratory_id: string;
  language: string;
  city_name: string;
  address: string;
}

/** One lower-cased word (or the whole code) of an analysis, for prefix search through an index. */
export interface AnalysisSearchTermTable {
  term: string;
  analysis_id: number;
}
