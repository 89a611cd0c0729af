import { analysesTotal } from '@/lib/prices';
import { CATEGORIES, CATEGORY_SLUGS, type CategorySlug } from '@/lib/config';
import { formatMoney } from '@/shared/money';
import type { AnalysisDto, CatalogueHeaderDto, CatalogueI18nDto, PriceDto, ProfileDto } from '@/shared/types/api';

/** Catalogue header that marks popular analyses (spec §9). */
export const POPULAR_HEADER_ID = 23;
/** Headers never shown as categories (spec §9). */
export const HIDDEN_HEADER_IDS: readonly number[] = [23, 24, 25, 26, 29, 30];
/** Message logged when an analysis has no price in the laboratory (spec §8). */
export const EMPTY_PRICES_MESSAGE = 'Prices array of analysis is empty';

/** True when the analysis carries the popular header (spec §3). */
export function isPopular(analysis: Pick<AnalysisDto, 'catalogueHeaders'>): boolean {
  return analysis.catalogueHeaders.some((h) => h.id === POPULAR_HEADER_ID);
}

/** The analysis's categories without the hidden headers (spec §3, §9). */
export function visibleCategories(analysis: Pick<AnalysisDto, 'catalogueHeaders'>): CatalogueHeaderDto[] {
  return analysis.catalogueHeaders.filter((h) => !HIDDEN_HEADER_IDS.includes(h.id));
}

/**
 * The price of the analysis in the laboratory: the first entry of its prices. An empty list is an
 * error of the catalogue (spec §8): it is logged and the analysis is shown as unavailable.
 */
export function selectPrice(analysis: Pick<AnalysisDto, 'prices'>): PriceDto | null {
  const first = analysis.prices[0];
  if (!first) {
    console.error(EMPTY_PRICES_MESSAGE);
    return null;
  }
  return first;
}

/** The price formatted for the user's language, or null when the analysis has no price. */
export function formatAnalysisPrice(analysis: Pick<AnalysisDto, 'prices'>, language: string): string | null {
  const price = selectPrice(analysis);
  return price ? formatMoney(price.price, price.currency, language) : null;
}

/** The sum of the available prices of a profile's analyses (same laboratory, one currency). */
export function profileTotal(profile: Pick<ProfileDto, 'labServices'>): { price: number; currency: PriceDto['currency'] } | null {
  return analysesTotal(profile.labServices);
}

/** Analyses of a profile without a price in the laboratory (shown as unavailable, not counted). */
export function unavailableCount(profile: Pick<ProfileDto, 'labServices'>): number {
  return profile.labServices.filter((a) => a.prices.length === 0).length;
}

const PROFILE_WORD = /профиль/i;

/**
 * Group of a profile for ordering (spec §9): 0 when its name contains the Russian word for 'Profile'
 * and the number before the first dot is under 10, 1 for other profiles with that word, 2 for the rest.
 */
export function profileGroup(name: string): 0 | 1 | 2 {
  if (!PROFILE_WORD.test(name)) return 2;
  const beforeDot = name.split('.')[0] ?? '';
  const numbers = beforeDot.match(/\d+/g);
  const last = numbers?.[numbers.length - 1];
  if (last !== undefined && name.includes('.') && Number(last) < 10) return 0;
  return 1;
}

/** Profiles in the order of spec §9; alphabetical within each group. Does not modify the input. */
export function sortProfiles<T extends Pick<ProfileDto, 'name'>>(profiles: readonly T[]): T[] {
  return profiles
    .map((p) => ({ p, group: profileGroup(p.name) }))
    .sort((a, b) => a.group - b.group || a.p.name.localeCompare(b.p.name))
    .map(({ p }) => p);
}

/** Header id of a category page, through the configured mapping (spec §3); null for an unknown slug. */
export function categoryHeaderId(slug: string, categories: Record<string, string> = CATEGORIES): number | null {
  if (!(CATEGORY_SLUGS as readonly string[]).includes(slug)) return null;
  const raw = categories[slug];
  const id = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(id) ? id : null;
}

export const isCategorySlug = (slug: string): slug is CategorySlug => (CATEGORY_SLUGS as readonly string[]).includes(slug);

/** Analyses that carry the header. */
export function analysesWithHeader(analyses: readonly AnalysisDto[], headerId: number): AnalysisDto[] {
  return analyses.filter((a) => a.catalogueHeaders.some((h) => h.id === headerId));
}

/**
 * An analysis as a list row needs it (server-rendered lists): without the description, materials
 * and preparation, which only the analysis card shows.
 */
export function listItem(analysis: AnalysisDto): AnalysisDto {
  const {
    description: _description,
    materials: _materials,
    preparation: _preparation,
    loinc: _loinc,
    unit: _unit,
    displayUnit: _displayUnit,
    referenceRanges: _ranges,
    criticalLow: _criticalLow,
    criticalHigh: _criticalHigh,
    ...rest
  } = analysis;
  void [_description, _materials, _preparation, _loinc, _unit, _displayUnit, _ranges, _criticalLow, _criticalHigh];
  // A list filters by category but shows no category names: the headers travel without translations.
  const catalogueHeaders = rest.catalogueHeaders.map((h) => ({ id: h.id, name: h.name }));
  return { ...rest, ...namesOnly(rest.i18n), catalogueHeaders, description: '', materials: [], prices: rest.prices.slice(0, 1).map(listPrice) };
}

/** A list shows names only: the translations keep their names, not their descriptions and preparation. */
function namesOnly(i18n: CatalogueI18nDto | undefined): { i18n?: CatalogueI18nDto } {
  if (!i18n) return {};
  const names: CatalogueI18nDto = {};
  for (const language of ['ru', 'pl'] as const) {
    const text = i18n[language];
    if (text) names[language] = { name: text.name };
  }
  return { i18n: names };
}

/** A price as a list shows it (amount and currency; not its audit timestamps). */
function listPrice(price: PriceDto): PriceDto {
  return { ...price, created: '', updated: '' };
}

/** A profile as the profile lists show it: its name, how many analyses it has and their total. */
export interface ProfileRow {
  id: number;
  name: string;
  i18n?: ProfileDto['i18n'];
  analysesCount: number;
  total: { price: number; currency: PriceDto['currency'] } | null;
}

/** The list row of a profile (what the server sends to a list page instead of every analysis). */
export function profileListItem(profile: ProfileDto): ProfileRow {
  return { id: profile.id, name: profile.name, ...namesOnly(profile.i18n), analysesCount: profile.labServices.length, total: profileTotal(profile) };
}
