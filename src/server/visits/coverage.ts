import type { Db } from '@/server/db/createDb';
import type { CoverageDto, CoverageLaboratoryDto } from '@/shared/types/api';
import { toMajor } from '@/shared/money';
import { isValidPostalCode, normalizePostalCode, postalCodeDigits } from '@/shared/validation/postalCode';
import { postalCodeMessage } from '@/shared/validation/order';
import { badRequest, notFound } from '@/server/http/errors';
import { findLaboratories, type LaboratoryRecord } from '@/server/laboratories/repositories/laboratories';
import { findZonedLaboratoryIds, findZonesOfCountry } from '@/server/visits/repositories/coverage';
import { LABORATORY_NOT_FOUND, laboratoryI18n } from '@/server/laboratories/laboratories';

/**
 * Home-visit coverage by postal code. A laboratory visits a postal code when one of its zones'
 * prefixes starts the code's digits (the longest matching prefix sets the fee); a laboratory without
 * zones visits its whole country for its standard fee.
 */

export interface LaboratoryCoverage {
  laboratory: LaboratoryRecord;
  visitFeeMinor: number;
}

/** Every laboratory that visits `postalCode` in `country` (written form), with its fee there. */
export async function laboratoriesServing(db: Db, country: string, postalCode: string): Promise<LaboratoryCoverage[]> {
  const digits = postalCodeDigits(postalCode);
  const [labs, zones, zoned] = await Promise.all([findLaboratories(db), findZonesOfCountry(db, country), findZonedLaboratoryIds(db)]);
  const best = new Map<string, { length: number; feeMinor: number }>();
  for (const z of zones) {
    if (!digits.startsWith(z.prefix)) continue;
    const current = best.get(z.laboratory_id);
    if (!current || z.prefix.length > current.length) best.set(z.laboratory_id, { length: z.prefix.length, feeMinor: z.visit_fee_minor });
  }
  const out: LaboratoryCoverage[] = [];
  for (const lab of labs) {
    const match = best.get(lab.id);
    if (match) out.push({ laboratory: lab, visitFeeMinor: match.feeMinor });
    else if (!zoned.has(lab.id) && lab.country === country) out.push({ laboratory: lab, visitFeeMinor: lab.visit_fee_minor });
  }
  return out;
}

const toServingDto = (c: LaboratoryCoverage): CoverageLaboratoryDto => ({
  id: c.laboratory.id,
  cityName: c.laboratory.city_name,
  address: c.laboratory.address,
  ...(laboratoryI18n(c.laboratory) ? { i18n: laboratoryI18n(c.laboratory) } : {}),
  visitFee: toMajor(c.visitFeeMinor),
  currency: c.laboratory.currency,
});

/**
 * Whether laboratory `laboratoryId` visits the postal code, at what fee, and which other laboratories
 * do. A postal code not in the country's format is a 400 naming `postalCode`.
 */
export async function getCoverage(db: Db, laboratoryId: string, country: string, rawPostalCode: string): Promise<CoverageDto & { visitFeeMinor: number | null }> {
  const c = country.trim().toUpperCase();
  if (!isValidPostalCode(c, rawPostalCode)) throw badRequest(postalCodeMessage(c), { postalCode: postalCodeMessage(c) });
  const postalCode = normalizePostalCode(c, rawPostalCode);
  const serving = await laboratoriesServing(db, c, postalCode);
  const labs = await findLaboratories(db);
  const lab = labs.find((l) => l.id === laboratoryId);
  if (!lab) throw notFound(LABORATORY_NOT_FOUND);
  const own = serving.find((s) => s.laboratory.id === laboratoryId);
  return {
    laboratoryId,
    country: c,
    postalCode,
    served: Boolean(own),
    visitFee: own ? toMajor(own.visitFeeMinor) : null,
    visitFeeMinor: own?.visitFeeMinor ?? null,
    currency: lab.currency,
    servedBy: serving.filter((s) => s.laboratory.id !== laboratoryId).map(toServingDto),
  };
}

/** The wire shape of `getCoverage` (without the minor-unit fee). */
export async function coverageDto(db: Db, laboratoryId: string, country: string, postalCode: string): Promise<CoverageDto> {
  const { visitFeeMinor: _fee, ...dto } = await getCoverage(db, laboratoryId, country, postalCode);
  return dto;
}
