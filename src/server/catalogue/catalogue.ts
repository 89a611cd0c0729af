import { createHash } from 'node:crypto';
import type { AnalysisTimingDto } from '@/shared/timing';
import { findPreparations, findTranslations } from '@/server/catalogue/repositories/translations';
import { addPreparations, i18nByItem, i18nOf as nameI18n, namesI18n } from './catalogueNames';
import type { Db } from '@/server/db/createDb';
import type { AnalysisDto, CatalogueHeaderDto, MaterialDto, PriceDto, ProfileDto, ReferenceRangeDto, RestrictionsDto } from '@/shared/types/api';
import { toMajor } from '@/shared/money';
import { notFound } from '@/server/http/errors';
import * as repo from '@/server/catalogue/repositories/catalogue';
import { getLaboratoryPricing } from '@/server/laboratories/laboratories';
import { MEMO_MAX_ITEMS, remembered, rememberedAnswer, rememberedItems } from '@/server/catalogueMemo';

/**
 * The catalogue as the backend API serves it (docs/openapi.yaml): analyses and profiles with the prices of
 * one laboratory's price list. An analysis the laboratory has no price for carries an empty
 * `prices` array (the client shows it as unavailable). Without a laboratory, each analysis carries
 * its first available price (lowest price list id) and that list's material prices.
 */

export const ANALYSIS_NOT_FOUND = 'Analysis not found';
export const PROFILE_NOT_FOUND = 'Profile not found';

/** Candidates considered for ranking a search before the limit is applied. */
const SEARCH_CANDIDATES = 500;

/** When the analysis may be drawn (`labService.timing`), from its row. */
export function timingOfRow(row: Pick<repo.AnalysisRecord, 'timing_fasting_min' | 'timing_fasting_max' | 'timing_latest_local_time' | 'timing_cycle_from' | 'timing_cycle_to'>): AnalysisTimingDto {
  return {
    ...(row.timing_fasting_min !== null ? { fastingHours: [row.timing_fasting_min, row.timing_fasting_max ?? row.timing_fasting_min] as [number, number] } : {}),
    ...(row.timing_latest_local_time ? { latestLocalTime: row.timing_latest_local_time } : {}),
    ...(row.timing_cycle_from !== null ? { cycleDays: [row.timing_cycle_from, row.timing_cycle_to ?? row.timing_cycle_from] as [number, number] } : {}),
  };
}

function restrictionsOf(row: repo.AnalysisRecord): RestrictionsDto {
  const r: RestrictionsDto = {};
  if (row.restriction_gender) r.gender = row.restriction_gender;
  if (row.restriction_min_age !== null) r.minAge = row.restriction_min_age;
  if (row.restriction_max_age !== null) r.maxAge = row.restriction_max_age;
  return r;
}

/** A stored interval as the API shows it: only the keys that are set. */
export function referenceRangeDto(r: repo.ReferenceRangeRecord): ReferenceRangeDto {
  const out: ReferenceRangeDto = {};
  if (r.gender) out.gender = r.gender;
  if (r.min_age !== null) out.minAge = r.min_age;
  if (r.max_age !== null) out.maxAge = r.max_age;
  if (r.low !== null) out.low = r.low;
  if (r.high !== null) out.high = r.high;
  if (r.text !== null) out.text = r.text;
  return out;
}

function toPriceDto(p: repo.PriceRecord): PriceDto {
  return { id: p.id, priceListId: p.price_list_id, currency: p.currency, created: p.created, updated: p.updated, price: toMajor(p.price_minor) };
}

/**
 * Builds the AnalysisDtos of `ids` in five queries whatever their number. `priceListId` null means
 * "first available price list per analysis".
 */
async function buildAnalysisDtos(db: Db, ids: number[], priceListId: number | null): Promise<Map<number, AnalysisDto>> {
  const unique = [...new Set(ids)];
  const out = new Map<number, AnalysisDto>();
  if (!unique.length) return out;
  const [rows, headers, prices, materials, translations, preparations] = await Promise.all([
    repo.findAnalyses(db, unique),
    repo.findHeadersOf(db, unique),
    repo.findPricesOf(db, unique, priceListId),
    repo.findMaterialsOf(db, unique),
    findTranslations(db, 'analysis', unique),
    findPreparations(db, unique),
  ]);
  const i18nOf = i18nByItem(translations);
  addPreparations(i18nOf, preparations);
  const priceOf = new Map<number, repo.PriceRecord>();
  for (const p of prices) if (!priceOf.has(p.analysis_id)) priceOf.set(p.analysis_id, p);
  const listIds = [...new Set([...priceOf.values()].map((p) => p.price_list_id))];
  const [materialPrices, materialNames, headerNames] = await Promise.all([
    repo.findMaterialPrices(db, [...new Set(materials.map((m) => m.id))], listIds),
    namesI18n(db, 'material', materials.map((m) => m.id)),
    namesI18n(db, 'header', headers.map((h) => h.id)),
  ]);
  const materialPrice = new Map(materialPrices.map((m) => [`${m.price_list_id}:${m.material_id}`, m.price_minor]));

  const headersOf = new Map<number, CatalogueHeaderDto[]>();
  for (const h of headers) {
    const list = headersOf.get(h.analysis_id) ?? [];
    list.push({ id: h.id, name: h.name, ...nameI18n(headerNames, h.id) });
    headersOf.set(h.analysis_id, list);
  }
  const materialsOf = new Map<number, repo.AnalysisMaterialRecord[]>();
  for (const m of materials) {
    const list = materialsOf.get(m.analysis_id) ?? [];
    list.push(m);
    materialsOf.set(m.analysis_id, list);
  }

  for (const row of rows) {
    const price = priceOf.get(row.id);
    const list = price?.price_list_id ?? priceListId;
    const mats: MaterialDto[] = (materialsOf.get(row.id) ?? []).map((m) => ({
      id: m.id,
      name: m.name,
      ...nameI18n(materialNames, m.id),
      price: toMajor(list === null ? 0 : (materialPrice.get(`${list}:${m.id}`) ?? 0)),
      optional: m.optional === 1,
    }));
    const i18n = i18nOf.get(row.id);
    out.set(row.id, {
      id: row.id,
      name: row.name,
      ...(i18n ? { i18n } : {}),
      code: row.code,
      description: row.description,
      execPeriod: row.exec_period,
      catalogueHeaders: headersOf.get(row.id) ?? [],
      prices: price ? [toPriceDto(price)] : [],
      materials: mats,
      restrictions: restrictionsOf(row),
      fastingHours: row.fasting_hours,
      preparation: row.preparation,
      timing: timingOfRow(row),
      loinc: row.loinc,
      unit: row.ucum_unit,
      displayUnit: row.result_unit,
    });
  }
  return out;
}

const collator = new Intl.Collator('en');
const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => collator.compare(a.name, b.name) || a.id - b.id;

async function priceListOf(db: Db, laboratoryId: string | undefined): Promise<number | null> {
  return laboratoryId === undefined ? null : (await getLaboratoryPricing(db, laboratoryId)).priceListId;
}

/**
 * The analyses with a price in the laboratory's price list, by name; 404 for an unknown laboratory.
 * The whole list is built once per laboratory and kept (see catalogueMemo.ts); callers must not
 * modify it.
 */
export async function listAnalyses(db: Db, laboratoryId: string): Promise<readonly AnalysisDto[]> {
  return pricedList(db, (await getLaboratoryPricing(db, laboratoryId)).priceListId);
}

/** A price list's analyses with a price, by name, built once and kept (catalogueMemo.ts). */
function pricedList(db: Db, priceListId: number): Promise<readonly AnalysisDto[]> {
  return remembered(
    db,
    `analyses:${priceListId}`,
    async () => {
      const ids = await repo.findPricedAnalysisIds(db, priceListId);
      return [...(await buildAnalysisDtos(db, ids, priceListId)).values()].sort(byName);
    },
    (list) => list.length,
  );
}

/** A list answer serialised once: the JSON bytes and their entity tag. */
export interface JsonBody {
  body: Buffer;
  etag: string;
}

/**
 * listAnalyses as the JSON body of `GET labService?laboratoryId=`, serialised once per kept list
 * (most of the answer's cost is building and serialising the whole price list).
 */
export async function listAnalysesJson(db: Db, laboratoryId: string): Promise<JsonBody> {
  const { priceListId } = await getLaboratoryPricing(db, laboratoryId);
  const list = await pricedList(db, priceListId);
  return remembered(
    db,
    `analyses-json:${priceListId}`,
    async () => {
      const body = Buffer.from(JSON.stringify(list));
      return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, items: list.length };
    },
    (v) => v.items,
  );
}

/**
 * A window of listAnalyses: `headerId` keeps the analyses carrying that catalogue header, then
 * `limit` from `offset`.
 */
export async function listAnalysesWindow(db: Db, laboratoryId: string, opts: { headerId?: number; limit?: number; offset?: number }): Promise<AnalysisDto[]> {
  const all = await listAnalyses(db, laboratoryId);
  const { headerId } = opts;
  const matching = headerId === undefined ? all : all.filter((a) => a.catalogueHeaders.some((h) => h.id === headerId));
  const offset = opts.offset ?? 0;
  return matching.slice(offset, opts.limit === undefined ? undefined : offset + opts.limit);
}

/** One page of the analyses of a catalogue header priced in a laboratory, and how many there are. */
export interface AnalysisPage {
  items: AnalysisDto[];
  total: number;
}

/**
 * The analyses carrying a catalogue header (a category, or the popular mark) with a price in the
 * laboratory, by name, `limit` from `offset`: the database finds them through the header index, so
 * the cost follows the page, not the catalogue. 404 for an unknown laboratory.
 */
export async function listAnalysesWithHeader(db: Db, laboratoryId: string, headerId: number, page: { limit: number; offset: number }): Promise<AnalysisPage> {
  const { priceListId } = await getLaboratoryPricing(db, laboratoryId);
  const all = await headerIds(db, priceListId, headerId);
  return { items: await analysesInOrder(db, all.slice(page.offset, page.offset + page.limit), priceListId), total: all.length };
}

/**
 * An id weighs far less than a built analysis: MEMO_MAX_ITEMS counts built analyses, so an id list
 * counts one item per ID_LIST_WEIGHT ids (a 100x catalogue's largest header is kept too).
 */
const ID_LIST_WEIGHT = 50;

/**
 * The ids of the price list's analyses with the header, ordered as listAnalyses orders them (by
 * name, then id). Kept like the lists themselves (catalogueMemo.ts): sorting every name of a header
 * with the collator was the category page's cost that grew with the catalogue.
 */
function headerIds(db: Db, priceListId: number, headerId: number): Promise<readonly number[]> {
  return remembered(
    db,
    `header-ids:${priceListId}:${headerId}`,
    async () => (await repo.findPricedAnalysesWithHeader(db, priceListId, headerId)).sort(byName).map((a) => a.id),
    (ids) => Math.ceil(ids.length / ID_LIST_WEIGHT),
  );
}

/**
 * The analyses of a batch of ids priced in the laboratory (unknown ids are absent from the map).
 * Unknown laboratory: 404.
 */
export async function loadAnalysisDtos(db: Db, ids: number[], laboratoryId: string): Promise<Map<number, AnalysisDto>> {
  const { priceListId } = await getLaboratoryPricing(db, laboratoryId);
  return buildAnalysisDtos(db, ids, priceListId);
}

function rank(term: string, a: { code: string; name: string }): number {
  const t = term.trim().toLowerCase();
  const name = a.name.toLowerCase();
  if (a.code.toLowerCase() === t || name === t) return 0;
  if (name.startsWith(t) || a.code.toLowerCase().startsWith(t)) return 1;
  return 2;
}

/**
 * Case-insensitive search by code or name: every word of the term must start a word of the code or
 * name (through the search terms index). Exact matches first, then names starting with the term,
 * then by name. With a laboratory, prices are that laboratory's (empty when it has none).
 */
export async function searchAnalyses(db: Db, term: string, laboratoryId?: string, limit = 50): Promise<AnalysisDto[]> {
  const priceListId = await priceListOf(db, laboratoryId);
  const candidates = await repo.findAnalysesByTerm(db, term, SEARCH_CANDIDATES);
  const chosen = candidates
    .map((c) => ({ ...c, rank: rank(term, c) }))
    .sort((a, b) => a.rank - b.rank || byName(a, b))
    .slice(0, Math.max(0, limit));
  return analysesInOrder(db, chosen.map((c) => c.id), priceListId);
}

/**
 * searchAnalyses' answer as JSON bytes, kept per laboratory and term for the catalogue's minute (the
 * minute the answer already tells shared caches to keep it; rememberedAnswer). A failed search
 * (unknown laboratory) is not kept.
 */
export function searchAnalysesJson(db: Db, term: string, laboratoryId?: string): Promise<Buffer> {
  return rememberedAnswer(db, `search:${laboratoryId ?? ''}\n${term}`, async () => Buffer.from(JSON.stringify(await searchAnalyses(db, term, laboratoryId))), (body) => body.length);
}

/**
 * The analyses of `ids`, in that order (unknown ids are left out). Those priced in the laboratory
 * come from its kept list when it is kept; the others (no price there, or a list too large to keep
 * whole) from the most recently built analyses of that price list (rememberedItems), built when
 * they are not among them.
 */
async function analysesInOrder(db: Db, ids: number[], priceListId: number | null): Promise<AnalysisDto[]> {
  const kept = priceListId === null ? null : await keptAnalysesById(db, priceListId);
  const missing = kept ? ids.filter((id) => !kept.has(id)) : ids;
  const built = missing.length ? await rememberedItems(db, `analysis-dtos:${priceListId ?? 'none'}`, missing, (m) => buildAnalysisDtos(db, m, priceListId)) : null;
  return ids.map((id) => kept?.get(id) ?? built?.get(id)).filter((d): d is AnalysisDto => Boolean(d));
}

/**
 * The price list's kept analyses by id, when the list is small enough to be kept (catalogueMemo.ts);
 * null for a larger one (that answer is kept too, so a large catalogue is counted once a minute).
 */
function keptAnalysesById(db: Db, priceListId: number): Promise<ReadonlyMap<number, AnalysisDto> | null> {
  return remembered(
    db,
    `analyses-by-id:${priceListId}`,
    async () => {
      if ((await repo.countPricedAnalyses(db, priceListId)) > MEMO_MAX_ITEMS) return null;
      return new Map((await pricedList(db, priceListId)).map((a) => [a.id, a]));
    },
    (byId) => byId?.size ?? 0,
  );
}

/** Rough bytes of a kept answer (two per character of its JSON). */
const jsonBytes = (v: unknown) => 2 * JSON.stringify(v).length;

/** One analysis with its reference ranges and critical limits, kept per laboratory for the catalogue's minute; 404 for an unknown analysis or laboratory. */
export function getAnalysis(db: Db, id: number, laboratoryId?: string): Promise<AnalysisDto> {
  return rememberedAnswer(db, `analysis:${laboratoryId ?? ''}:${id}`, () => buildAnalysisCard(db, id, laboratoryId), jsonBytes);
}

async function buildAnalysisCard(db: Db, id: number, laboratoryId?: string): Promise<AnalysisDto> {
  const priceListId = await priceListOf(db, laboratoryId);
  const dto = (await buildAnalysisDtos(db, [id], priceListId)).get(id);
  if (!dto) throw notFound(ANALYSIS_NOT_FOUND);
  const [science] = await repo.findAnalyses(db, [id]);
  const ranges = await repo.findReferenceRanges(db, [id]);
  dto.referenceRanges = ranges.map(referenceRangeDto);
  if (science?.critical_low != null) dto.criticalLow = science.critical_low;
  if (science?.critical_high != null) dto.criticalHigh = science.critical_high;
  return dto;
}

async function buildProfiles(db: Db, rows: repo.ProfileRecord[], priceListId: number | null): Promise<ProfileDto[]> {
  const links = await repo.findProfileAnalyses(
    db,
    rows.map((r) => r.id),
  );
  const analyses = await buildAnalysisDtos(
    db,
    links.map((l) => l.analysis_id),
    priceListId,
  );
  const idsOf = new Map<number, number[]>();
  for (const l of links) idsOf.set(l.profile_id, [...(idsOf.get(l.profile_id) ?? []), l.analysis_id]);
  const i18nOf = i18nByItem(await findTranslations(db, 'profile', rows.map((r) => r.id)));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    ...(i18nOf.has(r.id) ? { i18n: i18nOf.get(r.id) } : {}),
    description: r.description,
    labServices: (idsOf.get(r.id) ?? []).map((id) => analyses.get(id)).filter((a): a is AnalysisDto => Boolean(a)),
    code: r.code,
    created: r.created,
    updated: r.updated,
  }));
}

/**
 * Every profile with its analyses priced in the laboratory; 404 for an unknown laboratory. Kept per
 * price list like listAnalyses; callers must not modify it.
 */
export async function listProfiles(db: Db, laboratoryId: string): Promise<readonly ProfileDto[]> {
  const { priceListId } = await getLaboratoryPricing(db, laboratoryId);
  return remembered(
    db,
    `profiles:${priceListId}`,
    async () => buildProfiles(db, await repo.findProfiles(db), priceListId),
    (list) => list.reduce((n, p) => n + 1 + p.labServices.length, 0),
  );
}

/** One profile, kept per laboratory for the catalogue's minute; 404 for an unknown profile or laboratory. */
export function getProfile(db: Db, id: number, laboratoryId?: string): Promise<ProfileDto> {
  return rememberedAnswer(db, `profile:${laboratoryId ?? ''}:${id}`, () => buildProfileCard(db, id, laboratoryId), jsonBytes);
}

async function buildProfileCard(db: Db, id: number, laboratoryId?: string): Promise<ProfileDto> {
  const priceListId = await priceListOf(db, laboratoryId);
  const rows = await repo.findProfiles(db, id);
  if (!rows.length) throw notFound(PROFILE_NOT_FOUND);
  const [profile] = await buildProfiles(db, rows, priceListId);
  if (!profile) throw notFound(PROFILE_NOT_FOUND);
  return profile;
}
