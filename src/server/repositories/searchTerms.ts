import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Search terms of an analysis: the whole lower-cased code plus every lower-cased word (letters and
 * digits of any alphabet) of the code and the name. A search term matches when each of its words is
 * a prefix of one of these terms, which a b-tree index answers with a range scan.
 */
export function searchTermsOf(code: string, name: string): string[] {
  const terms = new Set<string>();
  const fullCode = code.trim().toLowerCase();
  if (fullCode) terms.add(fullCode.slice(0, 100));
  for (const word of splitWords(`${code} ${name}`)) terms.add(word);
  return [...terms];
}

/** Lower-cased words of letters and digits (any alphabet), each at most 100 characters. */
export function splitWords(text: string): string[] {
  return (text.toLowerCase().normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.slice(0, 100));
}

/** Upper bound of the range of strings that start with `prefix` (bytewise order). */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/** Replaces the search terms of the given analyses. */
export async function indexAnalyses(db: Kysely<Database>, rows: { id: number; code: string; name: string }[]): Promise<void> {
  if (!rows.length) return;
  const ids = rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 500) {
    await db.deleteFrom('analysis_search_terms').where('analysis_id', 'in', ids.slice(i, i + 500)).execute();
  }
  const values = rows.flatMap((r) => searchTermsOf(r.code, r.name).map((term) => ({ term, analysis_id: r.id })));
  for (let i = 0; i < values.length; i += 500) {
    await db.insertInto('analysis_search_terms').values(values.slice(i, i + 500)).onConflict((oc) => oc.doNothing()).execute();
  }
}
