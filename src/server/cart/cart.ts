import { emptyCart } from '@/shared/emptyShapes';
import type { Db } from '@/server/db/createDb';
import type { AddToCartResponse, AnalysisDto, CartDto, MaterialCartRefDto } from '@/shared/types/api';
import { toMajor } from '@/shared/money';
import { badRequest, notFound } from '@/server/http/errors';
import { ERROR_CODES } from '@/shared/errorCodes';
import * as repo from '@/server/cart/repositories/cart';
import { laboratoryExists } from '@/server/laboratories/repositories/laboratories';
import { loadAnalysisDtos } from '@/server/catalogue/catalogue';
import { loadPricingCatalogue, priceCart, restrictionAllows, type PricedCart } from '@/server/catalogue/pricing';

/**
 * The shop's cart (spec §3 Cart, §7): kept per user in the database, priced on the server from the
 * laboratory the user chose (`users.laboratory_id`). Every answer is the whole CartDto.
 */

export const NO_LABORATORY_MESSAGE = 'Choose a laboratory first';
export const PATIENT_NOT_FOUND = 'Patient not found';

/**
 * The laboratory the cart is priced in: a valid `requested` id becomes the user's saved choice;
 * otherwise the saved one (or none).
 */
export async function resolveCartLaboratory(db: Db, userId: number, requested?: string | null): Promise<string | null> {
  if (requested && (await laboratoryExists(db, requested))) {
    const saved = await repo.getUserLaboratoryId(db, userId);
    if (saved !== requested) await repo.setUserLaboratoryId(db, userId, requested);
    return requested;
  }
  return repo.getUserLaboratoryId(db, userId);
}

/** Prices the user's stored cart in `laboratoryId`. */
export async function priceUserCart(db: Db, userId: number, laboratoryId: string | null): Promise<{ priced: PricedCart; lines: repo.CartLineRow[] }> {
  const [lines, decisions] = await Promise.all([repo.listCartLines(db, userId), repo.listMaterialDecisions(db, userId)]);
  const catalogue = await loadPricingCatalogue(
    db,
    laboratoryId,
    lines.map((l) => l.analysis_id),
  );
  const priced = priceCart(
    lines.map((l) => ({ patientId: l.patient_id, analysisId: l.analysis_id, profileId: l.profile_id })),
    catalogue,
    decisions,
  );
  return { priced, lines };
}

/** Rows become the CartDto here and nowhere else. */
export async function toCartDto(db: Db, priced: PricedCart, laboratoryId: string | null): Promise<CartDto> {
  // Spec §3: an empty cart's total is 0 EUR, whatever the laboratory's currency.
  if (!priced.patients.size) return emptyCart();
  const allIds = [...new Set([...priced.patients.values()].flatMap((p) => p.analysisIds))];
  const dtos: Map<number, AnalysisDto> = laboratoryId ? await loadAnalysisDtos(db, allIds, laboratoryId) : new Map();
  const materialI18n = new Map([...dtos.values()].flatMap((a) => a.materials.flatMap((m) => (m.i18n ? [[m.id, m.i18n] as const] : []))));
  const cart = emptyCart();
  cart.cartTotal = { price: toMajor(priced.totalMinor), currency: priced.currency };
  for (const p of priced.patients.values()) {
    const pid = String(p.patientId);
    cart.analysisIdsByPatientId[pid] = [...p.analysisIds];
    cart.subCartTotalsByPatientId[pid] = { price: toMajor(p.subtotalMinor), currency: priced.currency };
    cart.analysisDtosByPatientId[pid] = p.analysisIds.map((id) => dtos.get(id)).filter((d): d is AnalysisDto => Boolean(d));
    const refs: Record<string, MaterialCartRefDto> = {};
    for (const [materialId, charge] of p.materials) {
      refs[String(materialId)] = {
        material: { id: charge.material.id, name: charge.material.name, ...(materialI18n.has(charge.material.id) ? { i18n: materialI18n.get(charge.material.id) } : {}), price: toMajor(charge.material.priceMinor), optional: charge.material.optional },
        analysisIds: [...charge.analysisIds],
        bought: charge.bought,
      };
    }
    cart.materialCartRefMapsByPatientId[pid] = refs;
    for (const aid of p.analysisIds) {
      const list = (cart.patientIdsByAnalysisId[String(aid)] ??= []);
      list.push(p.patientId);
    }
  }
  for (const [materialId, bought] of priced.optionalMaterialDecisions) cart.isBoughtOptionalMaterialMap[String(materialId)] = bought;
  return cart;
}

/** The caller's cart; a visitor's cart is empty. */
export async function getCart(db: Db, userId: number | null, requestedLaboratoryId?: string | null): Promise<CartDto> {
  if (userId === null) return emptyCart();
  const laboratoryId = await resolveCartLaboratory(db, userId, requestedLaboratoryId);
  const { priced } = await priceUserCart(db, userId, laboratoryId);
  return toCartDto(db, priced, laboratoryId);
}

export interface AddInput {
  /** One analysis, or every analysis of a profile. */
  addable: { kind: 'analysis'; analysisId: number } | { kind: 'profile'; profileId: number };
  patientIds: number[];
  updateToIsBoughtOptionalMaterialMap?: Record<string, boolean> | null;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Adds an analysis or a profile for several patients of the caller at once (spec §4 Adding to cart).
 * Nothing is added when an optional material still needs a decision; restricted patients are left
 * out and named in the answer.
 */
export async function addToCart(db: Db, userId: number, input: AddInput, requestedLaboratoryId?: string | null): Promise<AddToCartResponse> {
  // The requested laboratory becomes the saved choice only once the request is accepted (getCart
  // below saves it), so a refused request changes nothing.
  const laboratoryId =
    requestedLaboratoryId && (await laboratoryExists(db, requestedLaboratoryId)) ? requestedLaboratoryId : await repo.getUserLaboratoryId(db, userId);
  if (!laboratoryId) throw badRequest(NO_LABORATORY_MESSAGE, undefined, ERROR_CODES.laboratoryRequired);

  const patientIds = [...new Set(input.patientIds)];
  const patients = await repo.findOwnPatients(db, userId, patientIds);
  if (patients.length !== patientIds.length) throw notFound(PATIENT_NOT_FOUND, ERROR_CODES.patientNotFound);

  let analysisIds: number[];
  let profileId: number | null = null;
  if (input.addable.kind === 'analysis') {
    analysisIds = [input.addable.analysisId];
  } else {
    const ids = await repo.findProfileAnalysisIds(db, input.addable.profileId);
    if (!ids) throw notFound('Profile not found');
    if (!ids.length) throw badRequest('This profile has no analyses');
    analysisIds = ids;
    profileId = input.addable.profileId;
  }
  const rules = await repo.findAnalysisRules(db, analysisIds);
  if (rules.length !== analysisIds.length) throw notFound('Analysis not found');

  const catalogue = await loadPricingCatalogue(db, laboratoryId, analysisIds);
  const unpriced = rules.filter((r) => catalogue.analyses.get(r.id)?.priceMinor == null);
  if (unpriced.length) {
    throw badRequest(
      input.addable.kind === 'analysis'
        ? 'This analysis is not available in the selected laboratory'
        : `Some analyses of this profile are not available in the selected laboratory: ${unpriced.map((r) => r.name).join(', ')}`,
      undefined,
      ERROR_CODES.notSoldInLaboratory,
    );
  }

  // Restrictions (sex, age today): a patient is left out when any analysis does not apply to them.
  const day = today();
  const excluded = patients.filter((p) => !rules.every((r) => restrictionAllows(r, p, day))).map((p) => p.id);
  const included = patientIds.filter((id) => !excluded.includes(id));

  // Optional materials of the added analyses that are not decided yet.
  const optionalIds = new Set<number>();
  for (const id of analysisIds) for (const m of catalogue.analyses.get(id)?.materials ?? []) if (m.optional) optionalIds.add(m.id);
  const updates = new Map<number, boolean>();
  for (const [k, v] of Object.entries(input.updateToIsBoughtOptionalMaterialMap ?? {})) {
    if (optionalIds.has(Number(k))) updates.set(Number(k), v);
  }

  if (included.length) {
    const decided = await repo.listMaterialDecisions(db, userId);
    const undecided = [...optionalIds].filter((id) => !decided.has(id) && !updates.has(id));
    if (undecided.length) {
      return {
        status: 'optionalMaterialDecisionRequested',
        isBoughtOptionalMaterialMap: Object.fromEntries(undecided.map((id) => [String(id), true])),
        cart: await getCart(db, userId, laboratoryId),
      };
    }
    await repo.saveMaterialDecisions(db, userId, updates);
    await repo.insertCartLines(
      db,
      userId,
      included.flatMap((patientId) => analysisIds.map((analysisId) => ({ patientId, analysisId, profileId }))),
    );
  }
  const cart = await getCart(db, userId, laboratoryId);
  if (excluded.length) return { status: 'specificAnalysisRestrictionsApplied', patientIds: excluded, cart };
  return { status: 'added', cart };
}

async function requireOwnPatient(db: Db, userId: number, patientId: number): Promise<void> {
  const [p] = await repo.findOwnPatients(db, userId, [patientId]);
  if (!p) throw notFound(PATIENT_NOT_FOUND, ERROR_CODES.patientNotFound);
}

export async function removePatientAnalysis(db: Db, userId: number, patientId: number, analysisId: number, lab?: string | null): Promise<CartDto> {
  await requireOwnPatient(db, userId, patientId);
  const n = await repo.deleteCartLines(db, userId, { patientId, analysisId });
  if (!n) throw notFound('This analysis is not in the cart for this patient');
  return getCart(db, userId, lab);
}

export async function removePatient(db: Db, userId: number, patientId: number, lab?: string | null): Promise<CartDto> {
  await requireOwnPatient(db, userId, patientId);
  const n = await repo.deleteCartLines(db, userId, { patientId });
  if (!n) throw notFound('This patient has nothing in the cart');
  return getCart(db, userId, lab);
}

export async function removeAnalysis(db: Db, userId: number, analysisId: number, lab?: string | null): Promise<CartDto> {
  const n = await repo.deleteCartLines(db, userId, { analysisId });
  if (!n) throw notFound('This analysis is not in the cart');
  return getCart(db, userId, lab);
}

export async function resetCart(db: Db, userId: number, lab?: string | null): Promise<CartDto> {
  await repo.clearCart(db, userId);
  return getCart(db, userId, lab);
}
