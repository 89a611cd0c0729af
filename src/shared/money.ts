/** Money helpers shared by client and server. Amounts on the wire are major units (e.g. 12.5). */
import { intlLocale, isLanguage } from '@/shared/i18n';

export const currencies = ['EUR', 'PLN', 'BYN'] as const;
export type Currency = (typeof currencies)[number];
export const DEFAULT_CURRENCY: Currency = 'EUR';

export const isCurrency = (v: unknown): v is Currency => typeof v === 'string' && (currencies as readonly string[]).includes(v);

export const toMajor = (minor: number): number => Math.round(minor) / 100;

/** An amount in major units (as on the wire) in minor units, to add without float errors. */
export const toMinor = (major: number): number => Math.round(major * 100);

/**
 * One formatter per supported language and currency (at most 9): building an Intl.NumberFormat
 * costs far more than formatting with it, and a catalogue page formats every price it shows.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: Currency, language: string): Intl.NumberFormat {
  const make = () => new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // Another language tag is formatted without being kept, so the map stays bounded.
  if (!isLanguage(language)) return make();
  const key = `${language}|${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = make();
    formatters.set(key, format);
  }
  return format;
}

/** Formats an amount (major units) in its currency for the user's language, e.g. "12,50 zł". */
export function formatMoney(amount: number, currency: string, language = 'en'): string {
  return moneyFormat(isCurrency(currency) ? currency : DEFAULT_CURRENCY, language).format(amount);
}
