import { providerForCurrency } from '@/server/payments/providers';
import { LAB_DEFAULTS } from '@/shared/laboratory';
import type { Db } from '@/server/db/createDb';
import type { LaboratoryDto, LaboratoryI18nDto } from '@/shared/types/api';
import type { OrderLaboratoryDto } from '@/shared/types/results';
import type { Currency } from '@/shared/money';
import { toMajor } from '@/shared/money';
import { emergencyNumberOf, timeZoneOfCountry } from '@/shared/timeZones';
import { notFound } from '@/server/http/errors';
import { remembered } from '@/server/catalogueMemo';
import { findLaboratories, findLaboratory, type LaboratoryRecord } from '@/server/laboratories/repositories/laboratories';

export const LABORATORY_NOT_FOUND = 'Laboratory not found';

/** A laboratory's city name and address in Russian and Polish, where it has them (undefined: none). */
export function laboratoryI18n(row: Pick<LaboratoryRecord, 'city_name_ru' | 'address_ru' | 'city_name_pl' | 'address_pl'> | undefined): LaboratoryI18nDto | undefined {
  if (!row) return undefined;
  const out: LaboratoryI18nDto = {};
  if (row.city_name_ru) out.ru = { cityName: row.city_name_ru, address: row.address_ru || '' };
  if (row.city_name_pl) out.pl = { cityName: row.city_name_pl, address: row.address_pl || '' };
  return out.ru || out.pl ? out : undefined;
}

const withI18n = (row: Parameters<typeof laboratoryI18n>[0]) => {
  const i18n = laboratoryI18n(row);
  return i18n ? { i18n } : {};
};

/** Laboratory rows become the wire shape here and nowhere else. */
export function toLaboratoryDto(row: LaboratoryRecord): LaboratoryDto {
  return {
    id: row.id,
    cityName: row.city_name || LAB_DEFAULTS.cityName,
    email: row.email,
    aboutLink: row.about_link,
    address: row.address || LAB_DEFAULTS.address,
    ...withI18n(row),
    latitude: Number(row.latitude) || LAB_DEFAULTS.latitude,
    longitude: Number(row.longitude) || LAB_DEFAULTS.longitude,
    country: row.country,
    currency: row.currency,
    phone: row.phone,
    timeZone: timeZoneOfCountry(row.country),
    visitFee: toMajor(row.visit_fee_minor),
    visitFeeFrom: toMajor(lowestVisitFeeMinor(row)),
    paymentMethods: providerForCurrency(row.currency) ? ['online', 'on_visit'] : ['on_visit'],
  };
}

/**
 * The lowest visit fee the laboratory charges anywhere: the cheapest of its zones, or its standard
 * fee when it has no zones (it then visits its whole country for that fee).
 */
function lowestVisitFeeMinor(row: Pick<LaboratoryRecord, 'visit_fee_minor' | 'zone_fee_min_minor'>): number {
  return row.zone_fee_min_minor === null ? row.visit_fee_minor : Number(row.zone_fee_min_minor);
}

/** The laboratory of an order as orders show it, with the same defaults for missing texts. */
export function orderLaboratoryDto(id: string, row: LaboratoryRecord | undefined): OrderLaboratoryDto {
  return { id, cityName: row?.city_name || LAB_DEFAULTS.cityName, address: row?.address || LAB_DEFAULTS.address, ...withI18n(row), phone: row?.phone ?? '', timeZone: timeZoneOfCountry(row?.country), emergencyNumber: emergencyNumberOf(row?.country) };
}

export async function listLaboratories(db: Db): Promise<LaboratoryDto[]> {
  return (await findLaboratories(db)).map(toLaboratoryDto);
}

export async function getLaboratory(db: Db, id: string): Promise<LaboratoryDto> {
  const row = await findLaboratory(db, id);
  if (!row) throw notFound(LABORATORY_NOT_FOUND);
  return toLaboratoryDto(row);
}

export interface LaboratoryPricing {
  laboratory: LaboratoryDto;
  priceListId: number;
  currency: Currency;
  visitFeeMinor: number;
}

/**
 * The price list, currency and visit fee a laboratory charges in; 404 for an unknown laboratory.
 * Every catalogue request asks it first; laboratories are written only where the catalogue is (the
 * seed, import tools), so the answer is kept like the catalogue's lists (catalogueMemo.ts: a
 * minute, frozen; an unknown laboratory is not kept).
 */
export function getLaboratoryPricing(db: Db, id: string): Promise<LaboratoryPricing> {
  return remembered(
    db,
    `laboratory:${id}`,
    async () => {
      const row = await findLaboratory(db, id);
      if (!row) throw notFound(LABORATORY_NOT_FOUND);
      return { laboratory: toLaboratoryDto(row), priceListId: row.price_list_id, currency: row.currency, visitFeeMinor: row.visit_fee_minor };
    },
    () => 1,
  );
}
