import type { Db } from '@/server/db/createDb';
import { DEFAULT_CURRENCY, type Currency } from '@/shared/money';
import { findAnalysisMaterials, findAnalysisPrices } from './repositories/pricing';
import { findLaboratory } from '@/server/laboratories/repositories/laboratories';

/**
 * Cart pricing, always on the server from the laboratory's price list (integer minor units):
 * - each analysis costs its price in the price list;
 * - each material is charged once per patient, however many of that patient's analyses need it;
 * - a material is optional for a patient only when every analysis of that patient that needs it
 *   marks it optional; an optional material is charged only when the user decided to buy it;
 * - the home visit fee is charged once per order, on top of the cart total.
 */
export interface PricedMaterial {
  id: number;
  name: string;
  priceMinor: number;
  optional: boolean;
}

export interface PricedAnalysis {
  id: number;
  /** Null when the laboratory's price list has no price for it. */
  priceMinor: number | null;
  materials: PricedMaterial[];
}

export interface PricingCatalogue {
  laboratoryId: string | null;
  priceListId: number | null;
  currency: Currency;
  visitFeeMinor: number;
  analyses: Map<number, PricedAnalysis>;
}

export interface CartLineInput {
  patientId: number;
  analysisId: number;
  profileId: number | null;
}

export interface PatientMaterialCharge {
  material: PricedMaterial;
  analysisIds: number[];
  bought: boolean;
  /** What the patient pays for it: its price when bought, else 0. */
  chargedMinor: number;
}

export interface PricedPatient {
  patientId: number;
  analysisIds: number[];
  lines: { analysisId: number; profileId: number | null; priceMinor: number }[];
  materials: Map<number, PatientMaterialCharge>;
  subtotalMinor: number;
}

export interface PricedCart {
  currency: Currency;
  visitFeeMinor: number;
  patients: Map<number, PricedPatient>;
  totalMinor: number;
  /** Analyses in the cart without a price in the laboratory (they cannot be ordered there). */
  unpricedAnalysisIds: number[];
  /** Optional materials in the cart and the decision that applies to them. */
  optionalMaterialDecisions: Map<number, boolean>;
}

/** Loads prices and materials of `analysisIds` from the laboratory's price list (none: 0 EUR). */
export async function loadPricingCatalogue(db: Db, laboratoryId: string | null, analysisIds: number[]): Promise<PricingCatalogue> {
  const list = laboratoryId ? await findLaboratory(db, laboratoryId) : null;
  const analyses = new Map<number, PricedAnalysis>();
  const ids = [...new Set(analysisIds)];
  if (!list) {
    for (const id of ids) analyses.set(id, { id, priceMinor: null, materials: [] });
    return { laboratoryId: null, priceListId: null, currency: DEFAULT_CURRENCY, visitFeeMinor: 0, analyses };
  }
  const [prices, materials] = await Promise.all([findAnalysisPrices(db, list.price_list_id, ids), findAnalysisMaterials(db, list.price_list_id, ids)]);
  for (const id of ids) analyses.set(id, { id, priceMinor: null, materials: [] });
  for (const p of prices) {
    const a = analyses.get(p.analysis_id);
    if (a) a.priceMinor = p.price_minor;
  }
  for (const m of materials) {
    analyses.get(m.analysis_id)?.materials.push({ id: m.material_id, name: m.name, priceMinor: m.price_minor ?? 0, optional: m.optional === 1 });
  }
  return { laboratoryId: list.id, priceListId: list.price_list_id, currency: list.currency, visitFeeMinor: list.visit_fee_minor, analyses };
}

/** Prices cart lines. Pure: the same inputs always give the same cart. */
export function priceCart(lines: CartLineInput[], catalogue: PricingCatalogue, decisions: Map<number, boolean>): PricedCart {
  const patients = new Map<number, PricedPatient>();
  const unpriced = new Set<number>();
  const optionalMaterialDecisions = new Map<number, boolean>();
  for (const line of lines) {
    let p = patients.get(line.patientId);
    if (!p) {
      p = { patientId: line.patientId, analysisIds: [], lines: [], materials: new Map(), subtotalMinor: 0 };
      patients.set(line.patientId, p);
    }
    if (p.analysisIds.includes(line.analysisId)) continue;
    const analysis = catalogue.analyses.get(line.analysisId);
    const priceMinor = analysis?.priceMinor ?? null;
    if (priceMinor === null) unpriced.add(line.analysisId);
    p.analysisIds.push(line.analysisId);
    p.lines.push({ analysisId: line.analysisId, profileId: line.profileId, priceMinor: priceMinor ?? 0 });
    for (const m of analysis?.materials ?? []) {
      const existing = p.materials.get(m.id);
      if (existing) {
        existing.analysisIds.push(line.analysisId);
        // Required by any analysis of the patient: required for the patient.
        if (!m.optional) existing.material = { ...existing.material, optional: false };
      } else {
        p.materials.set(m.id, { material: { ...m }, analysisIds: [line.analysisId], bought: true, chargedMinor: 0 });
      }
    }
  }
  let totalMinor = 0;
  for (const p of patients.values()) {
    let subtotal = p.lines.reduce((sum, l) => sum + l.priceMinor, 0);
    for (const [materialId, charge] of p.materials) {
      if (charge.material.optional) {
        const decision = decisions.get(materialId) ?? true;
        charge.bought = decision;
        optionalMaterialDecisions.set(materialId, decision);
      } else {
        charge.bought = true;
      }
      charge.chargedMinor = charge.bought ? charge.material.priceMinor : 0;
      subtotal += charge.chargedMinor;
    }
    p.subtotalMinor = subtotal;
    totalMinor += subtotal;
  }
  return {
    currency: catalogue.currency,
    visitFeeMinor: catalogue.visitFeeMinor,
    patients,
    totalMinor,
    unpricedAnalysisIds: [...unpriced],
    optionalMaterialDecisions,
  };
}

/** Age in whole years on `today` (YYYY-MM-DD) of someone born on `dateOfBirth` (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.slice(0, 10).split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

export interface RestrictionRule {
  restriction_gender: 'male' | 'female' | null;
  restriction_min_age: number | null;
  restriction_max_age: number | null;
}

/** Whether an analysis with `rule` may be done for a patient (sex and age on `today`). */
export function restrictionAllows(rule: RestrictionRule, patient: { gender: 'male' | 'female'; date_of_birth: string }, today: string): boolean {
  if (rule.restriction_gender && rule.restriction_gender !== patient.gender) return false;
  const age = ageOn(patient.date_of_birth, today);
  if (rule.restriction_min_age !== null && age < rule.restriction_min_age) return false;
  if (rule.restriction_max_age !== null && age > rule.restriction_max_age) return false;
  return true;
}
