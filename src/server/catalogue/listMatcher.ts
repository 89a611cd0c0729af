import { foldText } from '@/server/catalogue/repositories/searchTerms';

/**
 * The doctor's list matcher: each line of a pasted list ("1. morfologia", "• ТТГ", "fT4") placed on
 * the catalogue item it names, by the items' names, codes and synonyms in every language. Pure: the
 * candidates come in, nothing is read. Case, diacritics, punctuation, list numbers and bullets do not
 * count; a small typo in a long word, an inflected ending and a shortened word ("wit.") still match.
 */

export type MatchKind = 'analysis' | 'profile';

/** A catalogue item the list may name, with every text it may be named by. */
export interface MatchCandidate {
  type: MatchKind;
  id: number;
  /** Names, codes and synonyms in any language. */
  terms: string[];
}

export interface ScoredItem {
  type: MatchKind;
  id: number;
  /** 0..1: 1 when the line is one of the item's terms. */
  confidence: number;
}

export interface MatchedLine {
  /** The line as pasted (trimmed). */
  text: string;
  match?: ScoredItem;
  /** Other likely items, best first (without the match). */
  alternatives: ScoredItem[];
}

/** A line is matched from this confidence up; below it, its candidates are only alternatives. */
export const MATCH_THRESHOLD = 0.5;
const ALTERNATIVE_THRESHOLD = 0.1;
const MAX_ALTERNATIVES = 5;

/** Words that say nothing of which test is meant; they do not count against a line's match. */
const FILLER = new Set(
  [
    'badanie', 'badania', 'oznaczenie', 'poziom', 'stezenie', 'w', 'we', 'z', 'i', 'oraz', 'krwi', 'surowicy', 'kontrola', 'ilosciowo', 'ilosciowe',
    'анализ', 'на', 'в', 'и', 'уровень', 'крови', 'сыворотке', 'определение', 'кровь', 'контроль',
    'test', 'level', 'levels', 'serum', 'blood', 'of', 'the', 'and', 'check', 'plasma',
  ].map(foldText),
);

/** Words of what a laboratory does not sell (imaging, ECG, a consultation): such a line is left unmatched. */
const NOT_A_LAB_TEST = new Set(
  ['usg', 'rtg', 'ekg', 'echo', 'tk', 'mri', 'rezonans', 'konsultacja', 'wizyta', 'skierowanie', 'узи', 'экг', 'рентген', 'мрт', 'кт', 'консультация', 'прием', 'осмотр', 'ultrasound', 'ecg', 'ekg', 'xray', 'x', 'ray', 'scan', 'consultation', 'referral', 'visit'].map(
    foldText,
  ),
);

/** Cyrillic letters that look Latin, read as Latin in a word with digits or Latin letters ("Т4", "В12"). */
const LOOKALIKE: Record<string, string> = { а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x' };

function unifyScript(word: string): string {
  if (!/[\p{N}a-z]/u.test(word) || !/[а-я]/u.test(word)) return word;
  return word.replace(/[а-я]/g, (c) => LOOKALIKE[c] ?? c);
}

/** A list number or bullet at the start of a line: "1.", "2)", "(3)", "a)", "-", "•", "*", "—". */
const LIST_MARK = /^\s*(?:\(?\d{1,3}\s*[.)\]:]|\(?[a-zа-я][.)](?=\s)|[-–—•*·▪►>+o◦‣⁃](?=\s|[^\p{L}\p{N}]|$))\s*/iu;

/** The words of a text as the matcher compares them: folded, without punctuation. */
export function wordsOf(text: string): string[] {
  return (foldText(text).match(/[\p{L}\p{N}]+/gu) ?? []).map(unifyScript);
}

/** The non-empty lines of a pasted list, in order, trimmed, with their list number or bullet. */
export function listLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

/** The line without its list number or bullet. */
export function stripListMark(line: string): string {
  let out = line;
  for (let i = 0; i < 2; i++) out = out.replace(LIST_MARK, '');
  return out;
}

/** Edit distance with adjacent transpositions (optimal string alignment), stopping above `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const prev2 = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (prev2[j - 2] ?? 0) + 1);
      cur[j] = v;
      rowMin = Math.min(rowMin, v);
    }
    prev2.splice(0, prev2.length, ...prev);
    prev = cur;
    if (rowMin > max) return max + 1;
  }
  return prev[b.length] ?? max + 1;
}

/** How well a word of the line stands for a word of a term: 1 the same, 0.85 near, 0 not. */
function wordMatch(line: string, term: string): number {
  if (line === term) return 1;
  // Words with digits (codes, "t4", "b12") match only as written.
  if (/\p{N}/u.test(line) || /\p{N}/u.test(term)) return 0;
  const [short, long] = line.length <= term.length ? [line, term] : [term, line];
  // A shortened word ("wit." for "witamina") or an inflected one ("глюкозу" for "глюкоза").
  if (short.length >= 3 && long.startsWith(short)) return short.length >= 4 || short.length * 2 >= long.length ? 0.85 : 0.7;
  if (short.length >= 5) {
    const d = editDistance(line, term, short.length >= 9 ? 2 : 1);
    if (d <= (short.length >= 9 ? 2 : 1)) return 0.85;
  }
  return 0;
}

/** A term's words, kept once per candidate. */
interface IndexedTerm {
  words: string[];
  joined: string;
}

export interface MatchIndex {
  items: { type: MatchKind; id: number; terms: IndexedTerm[] }[];
  /** Whole folded terms to the items they name, for the exact answers. */
  exact: Map<string, { type: MatchKind; id: number }[]>;
}

/** Prepares the candidates once for many lines. */
export function buildMatchIndex(candidates: MatchCandidate[]): MatchIndex {
  const exact = new Map<string, { type: MatchKind; id: number }[]>();
  const items = candidates.map((c) => {
    const seen = new Set<string>();
    const terms: IndexedTerm[] = [];
    for (const t of c.terms) {
      const words = wordsOf(t);
      const joined = words.join(' ');
      if (!joined || seen.has(joined)) continue;
      seen.add(joined);
      terms.push({ words, joined });
      const list = exact.get(joined) ?? [];
      if (!list.some((x) => x.type === c.type && x.id === c.id)) list.push({ type: c.type, id: c.id });
      exact.set(joined, list);
    }
    return { type: c.type, id: c.id, terms };
  });
  return { items, exact };
}

/** How well a line's words name a term: the share of the term found, weighed by how much of the line it explains. */
function termScore(lineWords: string[], term: IndexedTerm): number {
  const used = new Set<number>();
  let found = 0;
  for (const w of term.words) {
    let best = 0;
    let at = -1;
    lineWords.forEach((lw, i) => {
      if (used.has(i)) return;
      const m = wordMatch(lw, w);
      if (m > best) {
        best = m;
        at = i;
      }
    });
    if (at >= 0) used.add(at);
    found += best;
  }
  const termShare = found / term.words.length;
  const meaningful = lineWords.map((w, i) => ({ w, i })).filter(({ w }) => !FILLER.has(w));
  const lineShare = meaningful.length ? meaningful.filter(({ i }) => used.has(i)).length / meaningful.length : used.size / Math.max(1, lineWords.length);
  return termShare * termShare * (0.4 + 0.6 * lineShare);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The items a line names, best first (at most the match and its alternatives). */
export function scoreLine(index: MatchIndex, line: string): ScoredItem[] {
  const words = wordsOf(stripListMark(line));
  if (!words.length) return [];
  const exact = index.exact.get(words.join(' ')) ?? [];
  const scored: ScoredItem[] = [];
  for (const item of index.items) {
    if (exact.some((e) => e.type === item.type && e.id === item.id)) {
      scored.push({ type: item.type, id: item.id, confidence: 1 });
      continue;
    }
    let best = 0;
    for (const t of item.terms) best = Math.max(best, termScore(words, t));
    if (best >= ALTERNATIVE_THRESHOLD) scored.push({ type: item.type, id: item.id, confidence: round2(Math.min(best, 0.99)) });
  }
  // Best first; at a tie an analysis before a profile, then the lower id (the catalogue's order).
  return scored.sort((a, b) => b.confidence - a.confidence || (a.type === b.type ? a.id - b.id : a.type === 'analysis' ? -1 : 1)).slice(0, MAX_ALTERNATIVES + 1);
}

/** Every non-empty line of the list, in order, with its match (when one is likely enough) and alternatives. */
export function matchList(index: MatchIndex, text: string): MatchedLine[] {
  return listLines(text).map((line) => {
    const [first, ...rest] = scoreLine(index, line);
    const notALabTest = wordsOf(line).some((w) => NOT_A_LAB_TEST.has(w));
    if (first && first.confidence >= MATCH_THRESHOLD && !notALabTest) return { text: line, match: first, alternatives: rest.slice(0, MAX_ALTERNATIVES) };
    return { text: line, alternatives: (first ? [first, ...rest] : []).slice(0, MAX_ALTERNATIVES) };
  });
}
