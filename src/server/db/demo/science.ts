/**
 * The laboratory science of the demo catalogue: LOINC codes, UCUM units, reference intervals by sex
 * and age band, critical (panic) limits and the expected value of text results.
 *
 * - LOINC codes are given only where the code matches the analysis as sold (specimen, property and
 *   the unit the laboratory reports: molar codes for mmol/L and µmol/L results). Panels and tests
 *   without a single agreed code keep `loinc` unset rather than a near miss.
 * - `ucum` is the unit code of http://unitsofmeasure.org; the display unit of the catalogue
 *   (`analyses.result_unit`) may differ (`µmol/L` shown, `umol/L` coded).
 * - Ages are completed years on the sampling day; a band applies when `minAge <= age <= maxAge`.
 *   Bands are tried in order and the first that applies to the patient's sex and age wins, so
 *   specific bands come before general ones.
 * - Adult intervals follow common European laboratory practice (IFCC/EFLM-style units); they are
 *   demo data, not a laboratory's validated intervals.
 */
export interface ScienceRange {
  gender?: 'male' | 'female';
  minAge?: number;
  maxAge?: number;
  low?: number;
  high?: number;
  /** Expected value of a text result, e.g. `negative`. */
  text?: string;
}

export interface AnalysisScience {
  loinc?: string;
  ucum?: string;
  ranges?: ScienceRange[];
  criticalLow?: number;
  criticalHigh?: number;
}

const M = 'male' as const;
const F = 'female' as const;
const NEG: ScienceRange[] = [{ text: 'negative' }];
const NOT_DETECTED: ScienceRange[] = [{ text: 'not detected' }];
/** Specific IgE: class 0 under 0.35 kUA/L. */
const SIGE: AnalysisScience = { ucum: 'k[IU]/L', ranges: [{ low: 0, high: 0.35 }] };

export const DEMO_SCIENCE: Record<string, AnalysisScience> = {
  /* ---- general blood tests ---- */
  GB001: { loinc: '58410-2' },
  GB002: { loinc: '57021-8' },
  GB003: {
    loinc: '4537-7',
    ucum: 'mm/h',
    ranges: [
      { gender: M, minAge: 50, low: 0, high: 20 },
      { gender: F, minAge: 50, low: 0, high: 30 },
      { gender: M, low: 0, high: 15 },
      { gender: F, low: 0, high: 20 },
    ],
  },
  GB004: { loinc: '14771-0', ucum: 'mmol/L', ranges: [{ low: 3.9, high: 5.6 }], criticalLow: 2.5, criticalHigh: 25 },
  GB005: { loinc: '4548-4', ucum: '%', ranges: [{ low: 4, high: 5.6 }] },
  GB006: { loinc: '14647-2', ucum: 'mmol/L', ranges: [{ low: 0, high: 5.2 }] },
  GB007: { loinc: '14646-4', ucum: 'mmol/L', ranges: [{ gender: M, low: 1.0, high: 3 }, { gender: F, low: 1.2, high: 3 }] },
  GB008: { loinc: '22748-8', ucum: 'mmol/L', ranges: [{ low: 0, high: 3 }] },
  GB009: { loinc: '14927-8', ucum: 'mmol/L', ranges: [{ low: 0, high: 1.7 }], criticalHigh: 11.3 },
  GB010: { loinc: '1742-6', ucum: 'U/L', ranges: [{ maxAge: 17, low: 0, high: 30 }, { gender: M, low: 0, high: 41 }, { gender: F, low: 0, high: 33 }] },
  GB011: { loinc: '1920-8', ucum: 'U/L', ranges: [{ gender: M, low: 0, high: 40 }, { gender: F, low: 0, high: 32 }] },
  GB012: { loinc: '2324-2', ucum: 'U/L', ranges: [{ gender: M, low: 0, high: 60 }, { gender: F, low: 0, high: 40 }] },
  GB013: { loinc: '6768-6', ucum: 'U/L', ranges: [{ maxAge: 17, low: 100, high: 390 }, { low: 40, high: 130 }] },
  GB014: { loinc: '14631-6', ucum: 'umol/L', ranges: [{ low: 3.4, high: 20.5 }], criticalHigh: 300 },
  GB015: { loinc: '14629-0', ucum: 'umol/L', ranges: [{ low: 0, high: 8.6 }] },
  GB016: { loinc: '2885-2', ucum: 'g/L', ranges: [{ low: 64, high: 83 }] },
  GB017: { loinc: '1751-7', ucum: 'g/L', ranges: [{ low: 35, high: 52 }] },
  GB018: {
    loinc: '14682-9',
    ucum: 'umol/L',
    ranges: [
      { maxAge: 11, low: 27, high: 62 },
      { maxAge: 17, low: 44, high: 88 },
      { gender: M, low: 62, high: 106 },
      { gender: F, low: 44, high: 80 },
    ],
    criticalHigh: 700,
  },
  GB019: { loinc: '22664-7', ucum: 'mmol/L', ranges: [{ maxAge: 17, low: 1.8, high: 6.4 }, { low: 2.8, high: 7.2 }], criticalHigh: 35 },
  GB020: { loinc: '14933-6', ucum: 'umol/L', ranges: [{ gender: M, low: 202, high: 416 }, { gender: F, low: 142, high: 339 }] },
  GB021: { loinc: '2951-2', ucum: 'mmol/L', ranges: [{ low: 136, high: 145 }], criticalLow: 120, criticalHigh: 160 },
  GB022: { loinc: '2823-3', ucum: 'mmol/L', ranges: [{ low: 3.5, high: 5.1 }], criticalLow: 2.8, criticalHigh: 6.2 },
  GB023: { loinc: '2075-0', ucum: 'mmol/L', ranges: [{ low: 98, high: 107 }], criticalLow: 80, criticalHigh: 120 },
  GB024: { loinc: '2000-8', ucum: 'mmol/L', ranges: [{ maxAge: 17, low: 2.2, high: 2.7 }, { low: 2.15, high: 2.55 }], criticalLow: 1.65, criticalHigh: 3.25 },
  GB025: { loinc: '2601-3', ucum: 'mmol/L', ranges: [{ low: 0.66, high: 1.07 }], criticalLow: 0.4, criticalHigh: 2.5 },
  GB026: { loinc: '14879-1', ucum: 'mmol/L', ranges: [{ maxAge: 17, low: 1.0, high: 1.9 }, { low: 0.81, high: 1.45 }], criticalLow: 0.32 },
  GB027: { loinc: '14798-3', ucum: 'umol/L', ranges: [{ gender: M, low: 12.5, high: 32.2 }, { gender: F, low: 10.7, high: 32.2 }] },
  GB028: {
    loinc: '2276-4',
    ucum: 'ug/L',
    ranges: [
      { maxAge: 17, low: 15, high: 150 },
      { gender: M, low: 30, high: 400 },
      { gender: F, low: 15, high: 150 },
    ],
  },
  GB029: { loinc: '3034-6', ucum: 'g/L', ranges: [{ low: 2, high: 3.6 }] },
  GB030: { loinc: '14685-2', ucum: 'pmol/L', ranges: [{ low: 145, high: 569 }] },
  GB031: { loinc: '14732-2', ucum: 'nmol/L', ranges: [{ low: 7, high: 46 }] },
  GB032: { loinc: '62292-8', ucum: 'nmol/L', ranges: [{ low: 75, high: 250 }] },
  GB033: { loinc: '1988-5', ucum: 'mg/L', ranges: [{ low: 0, high: 5 }] },
  GB034: { loinc: '6301-6', ucum: '{INR}', ranges: [{ low: 0.8, high: 1.2 }], criticalHigh: 5 },
  GB035: { loinc: '3173-2', ucum: 's', ranges: [{ low: 25, high: 37 }], criticalHigh: 100 },
  GB036: { loinc: '3255-7', ucum: 'g/L', ranges: [{ low: 2, high: 4 }], criticalLow: 1 },
  GB037: { loinc: '48065-7', ucum: 'ug/mL', ranges: [{ low: 0, high: 0.5 }] },
  GB038: { loinc: '1798-8', ucum: 'U/L', ranges: [{ low: 28, high: 100 }] },
  GB039: { loinc: '3040-3', ucum: 'U/L', ranges: [{ low: 13, high: 60 }] },
  GB040: { loinc: '24356-8' },
  GB041: { loinc: '630-4', ranges: [{ text: 'no growth' }] },
  GB042: { loinc: '4679-7', ucum: '%', ranges: [{ low: 0.5, high: 2.5 }] },
  GB043: { loinc: '882-1' },
  GB044: { loinc: '2157-6', ucum: 'U/L', ranges: [{ gender: M, low: 39, high: 308 }, { gender: F, low: 26, high: 192 }] },
  GB045: { loinc: '2532-0', ucum: 'U/L', ranges: [{ maxAge: 17, low: 120, high: 300 }, { low: 135, high: 225 }] },

  /* ---- hormones ---- */
  HR001: { loinc: '3016-3', ucum: 'm[IU]/L', ranges: [{ maxAge: 17, low: 0.5, high: 4.5 }, { low: 0.4, high: 4 }] },
  HR002: { loinc: '14920-3', ucum: 'pmol/L', ranges: [{ low: 12, high: 22 }] },
  HR003: { loinc: '14928-6', ucum: 'pmol/L', ranges: [{ low: 3.1, high: 6.8 }] },
  HR004: { loinc: '3013-0', ucum: 'ng/mL', ranges: [{ low: 3.5, high: 77 }] },
  HR005: { loinc: '1992-7', ucum: 'pg/mL', ranges: [{ gender: M, low: 0, high: 11.8 }, { gender: F, low: 0, high: 4.8 }] },
  HR006: { loinc: '14675-3', ucum: 'nmol/L', ranges: [{ low: 171, high: 536 }] },
  HR007: { loinc: '2141-0', ucum: 'pg/mL', ranges: [{ low: 7.2, high: 63.3 }] },
  HR008: { loinc: '20448-7', ucum: 'u[IU]/mL', ranges: [{ low: 2.6, high: 24.9 }] },
  HR009: { loinc: '1986-9', ucum: 'ng/mL', ranges: [{ low: 1.1, high: 4.4 }] },
  HR010: { loinc: '2842-3', ucum: 'ng/mL', ranges: [{ gender: M, low: 4, high: 15.2 }, { gender: F, low: 4.8, high: 23.3 }] },
  HR011: { loinc: '10501-5', ucum: '[IU]/L', ranges: [{ gender: M, minAge: 18, low: 1.7, high: 8.6 }] },
  HR012: { loinc: '15067-2', ucum: '[IU]/L', ranges: [{ gender: M, minAge: 18, low: 1.5, high: 12.4 }] },
  HR013: { loinc: '14715-7', ucum: 'pmol/L', ranges: [{ gender: M, minAge: 18, low: 41, high: 159 }, { gender: F, minAge: 18, low: 45, high: 854 }] },
  HR014: { loinc: '14890-8', ucum: 'nmol/L', ranges: [{ gender: F, minAge: 18, low: 0.6, high: 89 }] },
  HR015: {
    loinc: '14913-8',
    ucum: 'nmol/L',
    ranges: [
      { maxAge: 9, low: 0, high: 0.7 },
      { gender: M, minAge: 18, maxAge: 49, low: 8.6, high: 29 },
      { gender: M, minAge: 50, low: 6.7, high: 25.7 },
      { gender: F, minAge: 18, low: 0.29, high: 1.67 },
    ],
  },
  HR016: { loinc: '2991-8', ucum: 'pg/mL', ranges: [{ gender: M, minAge: 18, low: 8.7, high: 25.1 }] },
  HR017: {
    ucum: 'umol/L',
    ranges: [
      { gender: M, minAge: 20, maxAge: 39, low: 4.3, high: 12.2 },
      { gender: M, minAge: 40, low: 2.2, high: 9.2 },
      { gender: F, minAge: 20, maxAge: 39, low: 1.8, high: 10 },
      { gender: F, minAge: 40, low: 0.7, high: 6.5 },
    ],
  },
  HR018: { loinc: '13967-5', ucum: 'nmol/L', ranges: [{ gender: M, minAge: 18, low: 18.3, high: 54.1 }, { gender: F, minAge: 18, low: 32.4, high: 128 }] },
  HR019: { ucum: 'nmol/L', ranges: [{ low: 0.5, high: 6.4 }] },
  HR020: { loinc: '38476-8', ucum: 'ng/mL', ranges: [{ gender: F, minAge: 18, maxAge: 34, low: 1.5, high: 10 }, { gender: F, minAge: 35, low: 0.5, high: 6 }] },
  HR021: { loinc: '2731-8', ucum: 'pg/mL', ranges: [{ low: 15, high: 65 }] },
  HR022: { loinc: '2963-7', ucum: 'ng/mL', ranges: [{ low: 0, high: 10 }] },
  HR023: {
    loinc: '2484-4',
    ucum: 'ng/mL',
    ranges: [
      { minAge: 18, maxAge: 30, low: 115, high: 355 },
      { minAge: 31, maxAge: 50, low: 100, high: 307 },
      { minAge: 51, low: 60, high: 250 },
    ],
  },
  HR024: { loinc: '19080-1', ucum: '[IU]/L', ranges: [{ low: 0, high: 5 }] },
  HR025: { ucum: 'pmol/L', ranges: [{ low: 70, high: 970 }] },
  HR026: { ucum: 'u[IU]/mL', ranges: [{ low: 4.4, high: 46.1 }] },
  HR027: { ucum: 'nmol/L', ranges: [{ gender: M, minAge: 18, low: 2.1, high: 10.8 }, { gender: F, minAge: 18, low: 1, high: 11.5 }] },
  HR028: { ucum: 'ng/mL', ranges: [{ low: 11, high: 43 }] },
  HR029: { ucum: 'nmol/L', ranges: [{ low: 0, high: 4.1 }] },
  HR030: { ucum: '1', ranges: [{ low: 0, high: 2.5 }] },

  /* ---- autoimmune ---- */
  AI001: { loinc: '8061-4', ranges: NEG },
  AI002: { loinc: '5130-0', ucum: '[IU]/mL', ranges: [{ low: 0, high: 100 }] },
  AI003: { ranges: NEG },
  AI004: { loinc: '11572-5', ucum: '[IU]/mL', ranges: [{ low: 0, high: 14 }] },
  AI005: { loinc: '33935-8', ucum: 'U/mL', ranges: [{ low: 0, high: 17 }] },
  AI006: { loinc: '31017-7', ucum: 'U/mL', ranges: [{ low: 0, high: 20 }] },
  AI007: { ucum: 'U/mL', ranges: [{ low: 0, high: 20 }] },
  AI008: { ranges: NEG },
  AI009: { ranges: NEG },
  AI010: { ucum: '[GPL\'U]/mL', ranges: [{ low: 0, high: 10 }] },
  AI011: { ucum: '[MPL\'U]/mL', ranges: [{ low: 0, high: 7 }] },
  AI012: { ucum: 'U/mL', ranges: [{ low: 0, high: 20 }] },
  AI013: { ranges: NEG },
  AI014: { loinc: '4485-9', ucum: 'g/L', ranges: [{ low: 0.9, high: 1.8 }] },
  AI015: { loinc: '4498-2', ucum: 'g/L', ranges: [{ low: 0.1, high: 0.4 }] },
  AI016: { ucum: 'U/mL', ranges: [{ low: 0, high: 20 }] },
  AI017: { ranges: NEG },
  AI018: { ranges: NEG },
  AI019: { ucum: '[arb\'U]/mL', ranges: [{ low: 0, high: 1.5 }] },
  AI020: { loinc: '8099-4', ucum: '[IU]/mL', ranges: [{ low: 0, high: 34 }] },
  AI021: { loinc: '8098-6', ucum: '[IU]/mL', ranges: [{ low: 0, high: 115 }] },
  AI022: { loinc: '5385-0', ucum: '[IU]/L', ranges: [{ low: 0, high: 1.75 }] },
  AI023: { ucum: '[IU]/mL', ranges: [{ low: 0, high: 10 }] },
  AI024: { loinc: '5370-2', ucum: '[IU]/mL', ranges: [{ maxAge: 17, low: 0, high: 250 }, { low: 0, high: 200 }] },

  /* ---- allergology ---- */
  AL001: {
    loinc: '19113-0',
    ucum: 'k[IU]/L',
    ranges: [
      { maxAge: 5, low: 0, high: 60 },
      { maxAge: 17, low: 0, high: 90 },
      { low: 0, high: 100 },
    ],
  },
  ...Object.fromEntries(
    ['AL002', 'AL003', 'AL004', 'AL005', 'AL006', 'AL007', 'AL008', 'AL009', 'AL010', 'AL011', 'AL012', 'AL013', 'AL014', 'AL015', 'AL016', 'AL017', 'AL018', 'AL019', 'AL020', 'AL021'].map(
      (code) => [code, SIGE],
    ),
  ),
  AL025: { ucum: 'ug/L', ranges: [{ low: 0, high: 24 }] },
  AL026: { ucum: 'ug/L', ranges: [{ low: 0, high: 11.4 }] },

  /* ---- genetics: wild type expected where a single variant is tested ---- */
  GN002: { ranges: NOT_DETECTED },
  GN003: { ranges: NOT_DETECTED },

  /* ---- diagnostics ---- */
  DG001: {
    loinc: '2857-1',
    ucum: 'ng/mL',
    ranges: [
      { gender: M, maxAge: 49, low: 0, high: 2.5 },
      { gender: M, minAge: 50, maxAge: 59, low: 0, high: 3.5 },
      { gender: M, minAge: 60, maxAge: 69, low: 0, high: 4.5 },
      { gender: M, minAge: 70, low: 0, high: 6.5 },
    ],
  },
  DG002: { loinc: '10886-0', ucum: 'ng/mL' },
  DG003: { loinc: '10334-1', ucum: 'U/mL', ranges: [{ low: 0, high: 35 }] },
  DG004: { loinc: '6875-9', ucum: 'U/mL', ranges: [{ low: 0, high: 25 }] },
  DG005: { loinc: '24108-3', ucum: 'U/mL', ranges: [{ low: 0, high: 37 }] },
  DG006: { loinc: '2039-6', ucum: 'ng/mL', ranges: [{ low: 0, high: 5 }] },
  DG007: { ucum: '[IU]/mL', ranges: [{ low: 0, high: 5.8 }] },
  DG008: { loinc: '56888-1', ranges: NEG },
  DG009: { loinc: '5196-1', ranges: NEG },
  DG010: { loinc: '16128-1', ranges: NEG },
  DG011: { loinc: '20507-0', ranges: [{ text: 'non-reactive' }] },
  DG012: { loinc: '17780-8', ranges: NEG },
  DG013: { ucum: 'U/mL', ranges: [{ low: 0, high: 20 }] },
  DG014: { loinc: '94500-6', ranges: NOT_DETECTED },
  DG015: { ranges: NOT_DETECTED },
  DG016: { ranges: NEG },
  DG017: { ranges: NEG },
  DG018: { ucum: 'U/mL', ranges: [{ low: 0, high: 6 }] },
  DG019: { ucum: '[IU]/mL', ranges: [{ low: 0, high: 1 }] },
  DG020: { ucum: '[IU]/mL', ranges: [{ low: 10 }] },
  DG021: { loinc: '33959-8', ucum: 'ng/mL', ranges: [{ low: 0, high: 0.5 }] },
  DG022: { loinc: '33762-6', ucum: 'pg/mL', ranges: [{ maxAge: 74, low: 0, high: 125 }, { low: 0, high: 450 }] },
  DG023: { loinc: '89579-7', ucum: 'ng/L', ranges: [{ gender: M, low: 0, high: 34 }, { gender: F, low: 0, high: 16 }] },
  DG024: { loinc: '38445-3', ucum: 'ug/g', ranges: [{ low: 0, high: 50 }] },
  DG025: { loinc: '14957-5', ucum: 'mg/L', ranges: [{ low: 0, high: 20 }] },
  DG026: { ranges: NEG },
  DG027: { ranges: NOT_DETECTED },
  DG028: { loinc: '2335-8', ranges: NEG },
};
