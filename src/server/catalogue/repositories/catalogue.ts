import type { Selectable } from 'kysely';
import type { AnalysisReferenceRangeTable } from '@/server/db/schema';
import type { Db } from '@/server/db/createDb';
import { prefixUpperBound, splitWords } from './searchTerms';

/** Reads of the catalogue (analyses, headers, prices, materials, profiles). */

/** `in (...)` lists are split so no query passes too many parameters. */
const CHUNK = 500;

async function chunked<T, R>(ids: T[], run: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await run(ids.slice(i, i + CHUNK))));
  return out;
}

export interface AnalysisRecord {
  id: number;
  code: string;
  name: string;
  description: string;
  exec_period: number;
  fasting_hours: number;
  preparation: string;
  restriction_gender: 'male' | 'female' | null;
  restriction_min_age: number | null;
  restriction_max_age: number | null;
  loinc: string | null;
  ucum_unit: string | null;
  result_unit: string | null;
  critical_low: number | null;
  critical_high: number | null;
  timing_fasting_min: number | null;
  timing_fasting_max: number | null;
  timing_latest_local_time: string | null;
  timing_cycle_from: number | null;
  timing_cycle_to: number | null;
}

export async function findAnalyses(db: Db, ids: number[]): Promise<AnalysisRecord[]> {
  return chunked(ids, (part) =>
    db
      .selectFrom('analyses')
      .select([
        'id',
        'code',
        'name',
        'description',
        'exec_period',
        'fasting_hours',
        'preparation',
        'timing_fasting_min',
        'timing_fasting_max',
        'timing_latest_local_time',
        'timing_cycle_from',
        'timing_cycle_to',
        'restriction_gender',
        'restriction_min_age',
        'restriction_max_age',
        'loinc',
        'ucum_unit',
        'result_unit',
        'critical_low',
        'critical_high',
      ])
      .where('id', 'in', part)
      .execute(),
  );
}

/** The header ids of the analyses, in header order (the result explanations). */
export async function findHeaderIdsOf(db: Db, ids: number[]): Promise<{ analysis_id: number; header_id: number }[]> {
  return db.selectFrom('analysis_headers').select(['analysis_id', 'header_id']).where('analysis_id', 'in', ids).orderBy('header_id').execute();
}

export async function findHeadersOf(db: Db, ids: number[]): Promise<{ analysis_id: number; id: number; name: string }[]> {
  return chunked(ids, (part) =>
    db
      .selectFrom('analysis_headers as ah')
      .innerJoin('catalogue_headers as h', 'h.id', 'ah.header_id')
      .select(['ah.analysis_id', 'h.id', 'h.name'])
      .where('ah.analysis_id', 'in', part)
      .orderBy('h.id')
      .execute(),
  );
}

export interface PriceRecord {
  id: number;
  analysis_id: number;
  price_list_id: number;
  currency: 'EUR' | 'PLN' | 'BYN';
  price_minor: number;
  created: string;
  updated: string;
}

/** Prices of the analyses, in one price list or (null) in every list, lowest list id first. */
export async function findPricesOf(db: Db, ids: number[], priceListId: number | null): Promise<PriceRecord[]> {
  return chunked(ids, (part) => {
    let q = db
      .selectFrom('analysis_prices as ap')
      .innerJoin('price_lists as pl', 'pl.id', 'ap.price_list_id')
      .select(['ap.id', 'ap.analysis_id', 'ap.price_list_id', 'pl.currency', 'ap.price_minor', 'ap.created', 'ap.updated'])
      .where('ap.analysis_id', 'in', part);
    if (priceListId !== null) q = q.where('ap.price_list_id', '=', priceListId);
    return q.orderBy('ap.price_list_id').execute();
  });
}

export interface AnalysisMaterialRecord {
  analysis_id: number;
  id: number;
  name: string;
  optional: number;
}

export async function findMaterialsOf(db: Db, ids: number[]): Promise<AnalysisMaterialRecord[]> {
  return chunked(ids, (part) =>
    db
      .selectFrom('analysis_materials as am')
      .innerJoin('materials as m', 'm.id', 'am.material_id')
      .select(['am.analysis_id', 'm.id', 'm.name', 'am.optional'])
      .where('am.analysis_id', 'in', part)
      .orderBy('m.id')
      .execute(),
  );
}

export async function findMaterialPrices(db: Db, materialIds: number[], priceListIds: number[]): Promise<{ price_list_id: number; material_id: number; price_minor: number }[]> {
  if (!materialIds.length || !priceListIds.length) return [];
  return db
    .selectFrom('material_prices')
    .select(['price_list_id', 'material_id', 'price_minor'])
    .where('material_id', 'in', materialIds)
    .where('price_list_id', 'in', priceListIds)
    .execute();
}

/** Ids of the analyses with a price in the price list. */
export async function findPricedAnalysisIds(db: Db, priceListId: number): Promise<number[]> {
  const rows = await db.selectFrom('analysis_prices').select('analysis_id').where('price_list_id', '=', priceListId).execute();
  return rows.map((r) => r.analysis_id);
}

/** How many analyses have a price in the price list. */
export async function countPricedAnalyses(db: Db, priceListId: number): Promise<number> {
  const row = await db.selectFrom('analysis_prices').select((eb) => eb.fn.countAll<number>().as('n')).where('price_list_id', '=', priceListId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Id and name of the analyses carrying the catalogue header with a price in the price list (one
 * index range scan of `analysis_headers(header_id)`, then the price list's unique key).
 */
export async function findPricedAnalysesWithHeader(db: Db, priceListId: number, headerId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('analysis_headers as ah')
    .innerJoin('analysis_prices as ap', (j) => j.onRef('ap.analysis_id', '=', 'ah.analysis_id').on('ap.price_list_id', '=', priceListId))
    .innerJoin('analyses as a', 'a.id', 'ah.analysis_id')
    .select(['a.id', 'a.name'])
    .where('ah.header_id', '=', headerId)
    .execute();
}

/**
 * Analyses whose code or name has, for every word of the term, a word starting with it. Each word is
 * a range scan of the `analysis_search_terms` primary key. At most `cap` candidates are returned.
 */
export async function findAnalysesByTerm(db: Db, term: string, cap: number): Promise<{ id: number; code: string; name: string }[]> {
  const query = analysesByTermQuery(db, term, cap);
  return query ? query.execute() : [];
}

/** The query of `findAnalysesByTerm` (null when the term has no word), also used to EXPLAIN it. */
export function analysesByTermQuery(db: Db, term: string, cap: number) {
  const words = [...new Set(splitWords(term))].slice(0, 6);
  if (!words.length) return null;
  // The longest word is the most selective: it drives the scan, the others filter.
  words.sort((a, b) => b.length - a.length);
  const [first, ...rest] = words as [string, ...string[]];
  let ids = db
    .selectFrom('analysis_search_terms as t')
    .select('t.analysis_id')
    .where('t.term', '>=', first)
    .where('t.term', '<', prefixUpperBound(first));
  for (const w of rest) {
    ids = ids.where('t.analysis_id', 'in', (eb) =>
      eb.selectFrom('analysis_search_terms as u').select('u.analysis_id').where('u.term', '>=', w).where('u.term', '<', prefixUpperBound(w)),
    );
  }
  return db.selectFrom('analyses').select(['id', 'code', 'name']).where('id', 'in', ids).orderBy('name').limit(cap);
}

export interface ProfileRecord {
  id: number;
  code: string;
  name: string;
  description: string;
  created: string;
  updated: string;
}

export async function findProfiles(db: Db, id?: number): Promise<ProfileRecord[]> {
  let q = db.selectFrom('profiles').select(['id', 'code', 'name', 'description', 'created', 'updated']);
  if (id !== undefined) q = q.where('id', '=', id);
  return q.orderBy('name').orderBy('id').execute();
}

export async function findProfileAnalyses(db: Db, profileIds: number[]): Promise<{ profile_id: number; analysis_id: number }[]> {
  return chunked(profileIds, (part) =>
    db.selectFrom('profile_analyses').select(['profile_id', 'analysis_id']).where('profile_id', 'in', part).orderBy('profile_id').orderBy('position').execute(),
  );
}

export type ReferenceRangeRecord = Selectable<AnalysisReferenceRangeTable>;

/** Reference intervals of analyses, in their order of precedence. */
export async function findReferenceRanges(db: Db, ids: number[]): Promise<ReferenceRangeRecord[]> {
  return chunked(ids, (part) =>
    db.selectFrom('analysis_reference_ranges').selectAll().where('analysis_id', 'in', part).orderBy('analysis_id').orderBy('position').execute(),
  );
}
