import type { Db } from '@/server/db/createDb';

/** Reads of laboratories with the currency of their price list. */

export interface LaboratoryRecord {
  id: string;
  city_name: string;
  country: string;
  address: string;
  email: string;
  about_link: string;
  phone: string;
  latitude: number;
  longitude: number;
  price_list_id: number;
  visit_fee_minor: number;
  /** The lowest fee of the laboratory's zones; null when it has none. */
  zone_fee_min_minor: number | string | null;
  currency: 'EUR' | 'PLN' | 'BYN';
  /** City name and address in Russian and Polish (null: none, the English ones are shown). */
  city_name_ru: string | null;
  address_ru: string | null;
  city_name_pl: string | null;
  address_pl: string | null;
}

const TRANSLATED = [
  ['city_name', 'ru'],
  ['address', 'ru'],
  ['city_name', 'pl'],
  ['address', 'pl'],
] as const;

function laboratoryQuery(db: Db) {
  return db
    .selectFrom('laboratories as l')
    .innerJoin('price_lists as pl', 'pl.id', 'l.price_list_id')
    .select([
      'l.id',
      'l.city_name',
      'l.country',
      'l.address',
      'l.email',
      'l.about_link',
      'l.phone',
      'l.latitude',
      'l.longitude',
      'l.price_list_id',
      'l.visit_fee_minor',
      'pl.currency',
    ])
    .select((eb) =>
      eb
        .selectFrom('laboratory_zones as z')
        .select((z) => z.fn.min('z.visit_fee_minor').as('m'))
        .whereRef('z.laboratory_id', '=', 'l.id')
        .as('zone_fee_min_minor'),
    )
    .select((eb) =>
      TRANSLATED.map(([column, language]) =>
        eb
          .selectFrom('laboratory_translations as t')
          .select(`t.${column}`)
          .whereRef('t.laboratory_id', '=', 'l.id')
          .where('t.language', '=', language)
          .as(`${column}_${language}`),
      ),
    );
}

export async function findLaboratories(db: Db): Promise<LaboratoryRecord[]> {
  return laboratoryQuery(db).orderBy('l.city_name').orderBy('l.address').orderBy('l.id').execute();
}

export async function findLaboratory(db: Db, id: string): Promise<LaboratoryRecord | undefined> {
  return laboratoryQuery(db).where('l.id', '=', id).executeTakeFirst();
}

/** The laboratories with these ids, by id (unknown ids are absent). */
export async function findLaboratoriesByIds(db: Db, ids: string[]): Promise<Map<string, LaboratoryRecord>> {
  if (!ids.length) return new Map();
  const rows = await laboratoryQuery(db).where('l.id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export async function laboratoryExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('laboratories').select('id').where('id', '=', id).executeTakeFirst());
}
