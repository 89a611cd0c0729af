import type { Db } from '@/server/db/createDb';
import type { Language } from '@/shared/i18n';
import type { AnalysisDto, ProfileDto } from '@/shared/types/api';
import type { ParsedListDto, ParsedListItemDto } from '@/shared/types/doctorsList';
import { ERROR_CODES, type ErrorCode } from '@/shared/errorCodes';
import { toMajor, toMinor } from '@/shared/money';
import { HttpError } from '@/server/http/errors';
import { getLaboratoryPricing } from '@/server/laboratories/laboratories';
import { listAnalyses, listProfiles } from './catalogue';
import { remembered } from '@/server/catalogueMemo';
import { findAllSynonyms } from './repositories/synonyms';
import { buildMatchIndex, listLines, matchList, type MatchCandidate, type MatchIndex, type ScoredItem } from './listMatcher';

/** The longest list accepted, in characters and in non-empty lines. */
export const LIST_MAX_CHARS = 5_000;
export const LIST_MAX_LINES = 100;

/** "Профиль 3. Lipid panel" is named "Lipid panel" too. */
const withoutProfileNumber = (name: string) => name.replace(/^\s*(?:профиль|profil|profile)\s*\d+\s*[.:]\s*/iu, '');

function namesOf(item: AnalysisDto | ProfileDto): string[] {
  const names = [item.name, item.i18n?.ru?.name, item.i18n?.pl?.name].filter((n): n is string => Boolean(n));
  return [...names, ...names.map(withoutProfileNumber)];
}

/** A profile's price in minor units when every analysis of it is sold in the laboratory, else null. */
function profilePriceMinor(p: ProfileDto): number | null {
  if (!p.labServices.length || p.labServices.some((a) => !a.prices[0])) return null;
  return p.labServices.reduce((sum, a) => sum + toMinor(a.prices[0]?.price ?? 0), 0);
}

interface Offer {
  names: { en: string; ru?: string; pl?: string };
  priceMinor: number;
}

interface ListCatalogue {
  index: MatchIndex;
  offers: Map<string, Offer>;
}

const keyOf = (type: string, id: number) => `${type}:${id}`;

/** What a laboratory sells, ready for matching: kept per price list like the catalogue's lists. */
async function listCatalogue(db: Db, laboratoryId: string, priceListId: number): Promise<ListCatalogue> {
  return remembered(
    db,
    `doctors-list:${priceListId}`,
    async () => {
      const [analyses, profiles, synonyms] = await Promise.all([listAnalyses(db, laboratoryId), listProfiles(db, laboratoryId), findAllSynonyms(db)]);
      const synonymsOf = new Map<string, string[]>();
      for (const s of synonyms) synonymsOf.set(keyOf(s.kind, s.item_id), [...(synonymsOf.get(keyOf(s.kind, s.item_id)) ?? []), s.term]);
      const offers = new Map<string, Offer>();
      const candidates: MatchCandidate[] = [];
      const add = (type: 'analysis' | 'profile', item: AnalysisDto | ProfileDto, priceMinor: number) => {
        const key = keyOf(type, item.id);
        offers.set(key, { names: { en: item.name, ru: item.i18n?.ru?.name, pl: item.i18n?.pl?.name }, priceMinor });
        candidates.push({ type, id: item.id, terms: [...namesOf(item), item.code, ...(synonymsOf.get(key) ?? [])] });
      };
      for (const a of analyses) if (a.prices[0]) add('analysis', a, toMinor(a.prices[0].price));
      for (const p of profiles) {
        const price = profilePriceMinor(p);
        if (price !== null) add('profile', p, price);
      }
      return { index: buildMatchIndex(candidates), offers };
    },
    (c) => c.offers.size,
  );
}

function tooLong(code: ErrorCode, message: string): HttpError {
  return new HttpError(400, message, { fields: { text: message }, code });
}

/**
 * A doctor's list read line by line (`POST cart/parse`): one entry per non-empty line, in order,
 * with the item of the laboratory's catalogue it most likely names (and how sure that is), other
 * likely items, and each item's name in `language` and price in the laboratory. A line nothing fits
 * is returned without a match. 400 `list_too_long` / `list_too_many_lines` (field `text`) over the
 * limits; 404 for an unknown laboratory.
 */
export async function parseDoctorsList(db: Db, text: string, laboratoryId: string, language: Language = 'en'): Promise<ParsedListDto> {
  if (text.length > LIST_MAX_CHARS) throw tooLong(ERROR_CODES.listTooLong, `The list may be at most ${LIST_MAX_CHARS} characters long`);
  if (listLines(text).length > LIST_MAX_LINES) throw tooLong(ERROR_CODES.listTooManyLines, `The list may have at most ${LIST_MAX_LINES} lines`);
  const { priceListId, currency } = await getLaboratoryPricing(db, laboratoryId);
  const { index, offers } = await listCatalogue(db, laboratoryId, priceListId);
  const itemOf = (s: ScoredItem): ParsedListItemDto[] => {
    const offer = offers.get(keyOf(s.type, s.id));
    if (!offer) return [];
    const name = (language !== 'en' ? offer.names[language] : undefined) ?? offer.names.en;
    return [{ type: s.type, id: s.id, name, confidence: s.confidence, price: toMajor(offer.priceMinor) }];
  };
  return {
    currency,
    lines: matchList(index, text).map((l) => {
      const match = l.match ? itemOf(l.match)[0] : undefined;
      return { text: l.text, ...(match ? { match } : {}), alternatives: l.alternatives.flatMap(itemOf) };
    }),
  };
}
