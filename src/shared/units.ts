/**
 * Units as Russian and Polish readers write them on the pages and PDFs ("ммоль/л", "mmol/l",
 * "10⁹/л"). Only for display: the catalogue, HL7 and FHIR keep the stored UCUM code ("mmol/L").
 */
type Lang = 'en' | 'ru' | 'pl';

/** Russian words for the parts of a unit, prefix and base separately. */
const RU_BASES: Record<string, string> = { mol: 'моль', g: 'г', L: 'л', l: 'л', IU: 'МЕ', U: 'Ед', h: 'ч', min: 'мин', s: 'с', m: 'м' };
const RU_PREFIXES: Record<string, string> = { m: 'м', µ: 'мк', u: 'мк', n: 'н', p: 'п', f: 'ф', k: 'к', d: 'д', '': '' };
const SUPERSCRIPTS: Record<string, string> = { '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹', '-': '⁻' };

/** "10^9" → "10⁹" (also "10*9", UCUM's power). */
const powers = (unit: string) => unit.replace(/10[\^*](-?\d+)/g, (_, exp: string) => `10${[...exp].map((c) => SUPERSCRIPTS[c] ?? c).join('')}`);

function ruPart(part: string): string {
  const m = /^([mµunpfkd]?)(mol|g|L|l|IU|U|h|min|s|m)$/.exec(part);
  if (m) return `${RU_PREFIXES[m[1] ?? ''] ?? ''}${RU_BASES[m[2] ?? ''] ?? ''}`;
  return part;
}

/** The unit for a reader of `language`; English and anything unknown stay as stored. */
export function displayUnit(unit: string | null | undefined, language: string): string {
  if (!unit) return '';
  const lang = (language === 'ru' || language === 'pl' ? language : 'en') as Lang;
  if (lang === 'en') return unit;
  const withPowers = powers(unit);
  if (lang === 'pl') return withPowers.replace(/(^|[\d/⁰-⁹\s]|[mµunpfkd])L\b/g, '$1l');
  return withPowers
    .split('/')
    .map((p) => (p === 'fL' ? 'фл' : p === 'pg' ? 'пг' : ruPart(p)))
    .join('/');
}
