import type { Db } from '@/server/db/createDb';
import { findTranslations } from './translations';

/**
 * Search terms of an analysis: the whole lower-cased code plus every lower-cased word (letters and
 * digits of any alphabet) of the code and the name. A search term matches when each of its words is
 * a prefix of one of these terms, which a b-tree index answers with a range scan.
 */
export function searchTermsOf(code: string, name: string, more: string[] = []): string[] {
  const terms = new Set<string>();
  const fullCode = foldText(code.trim());
  if (fullCode) terms.add(fullCode.slice(0, 100));
  for (const word of splitWords([code, name, ...more].join(' '))) terms.add(word);
  return [...terms];
}

/** Lower case without diacritics, so "zelazo" finds "Żelazo" and "ёж" finds "еж" (ł is l, ß is ss). */
export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/ß/g, 'ss').normalize('NFC');
}

/** Folded words of letters and digits (any alphabet), each at most 100 characters. */
export function splitWords(text: string): string[] {
  return (foldText(text).match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.slice(0, 100));
}

/** Upper bound of the range of strings that start with `prefix` (bytewise order). */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/** Replaces the search terms of the given analyses. */
export async function indexAnalyses(db: Db, rows: { id: number; code: string; name: string }[]): Promise<void> {
  if (!rows.length) return;
  const ids = rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 500) {
    await db.deleteFrom('analysis_search_terms').where('analysis_id', 'in', ids.slice(i, i + 500)).execute();
  }
  // Names and synonyms in every language are searched too.
  const translations = await findTranslations(db, 'analysis', ids);
  const more = new Map<number, string[]>();
  for (const t of translations) more.set(t.item_id, [...(more.get(t.item_id) ?? []), t.name, t.synonyms]);
  const values = rows.flatMap((r) => searchTermsOf(r.code, r.name, more.get(r.id) ?? []).map((term) => ({ term, analysis_id: r.id })));
  for (let i = 0; i < values.length; i += 500) {
    await db.insertInto('analysis_search_terms').values(values.slice(i, i + 500)).onConflict((oc) => oc.doNothing()).execute();
  }
}
