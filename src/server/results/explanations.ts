import type { ResultExplanationDto } from '@/shared/types/results';
import en from '../../../locales/en/explanations.json';
import ru from '../../../locales/ru/explanations.json';
import pl from '../../../locales/pl/explanations.json';

/**
 * What an analysis measures and what a low or high value commonly means, in English, Russian and
 * Polish (`locales/<lang>/explanations.json`), for the analyses people order most; other analyses get
 * their category's general text. Plain-language orientation only: every text ends with the reminder
 * that a doctor interprets the result together with symptoms and other findings.
 */
type Text = { measures: string; low?: string; high?: string };
type Explanations = { doctor: string; byCode: Record<string, Text>; byCategory: Record<string, Text> };

const TEXTS: Record<keyof ResultExplanationDto, Explanations> = { en, ru, pl };

/** Category whose general text serves analyses with neither their own text nor a known category. */
const FALLBACK_CATEGORY = '4';

/**
 * The explanation of an analysis in every language (the page shows the user's, so switching
 * language needs no reload). `categoryIds` are the analysis' catalogue headers.
 */
export function explanationOf(code: string, categoryIds: number[]): ResultExplanationDto {
  const out = {} as ResultExplanationDto;
  for (const lang of Object.keys(TEXTS) as (keyof ResultExplanationDto)[]) {
    const { doctor, byCode, byCategory } = TEXTS[lang];
    const category = categoryIds.map((id) => byCategory[String(id)]).find(Boolean);
    const t = (byCode[code] ?? category ?? byCategory[FALLBACK_CATEGORY]) as Text;
    out[lang] = { measures: t.measures, low: t.low ?? null, high: t.high ?? null, doctor };
  }
  return out;
}
