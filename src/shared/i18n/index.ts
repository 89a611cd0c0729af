import type { InitOptions } from 'i18next';
import { cookieValue } from '@/shared/cookies';

/** Locale files are `locales/<lng>/<namespace>.json`; one namespace per domain. */
export const languages = ['en', 'ru', 'pl'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';
export const namespaces = ['common', 'catalogue', 'help', 'account', 'cart', 'cartFlows', 'results', 'staff', 'visit', 'invoices'] as const;
/** The `mail` namespace (locales/<lng>/mail.json) is server-only: src/server/mail/i18n.ts loads it, so the browser bundle does not carry it. */
export type Namespace = (typeof namespaces)[number];
export const defaultNamespace: Namespace = 'common';
/** Cookie that keeps the chosen language (read on the server for `<html lang>`). */
export const LANGUAGE_COOKIE = 'lang';

export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (languages as readonly string[]).includes(v);

const INTL_LOCALES: Record<Language, string> = { en: 'en-GB', ru: 'ru-RU', pl: 'pl-PL' };

/** The locale for `Intl` date, number and money formats of a language (another tag passes through). */
export function intlLocale(language: string): string {
  return isLanguage(language) ? INTL_LOCALES[language] : language;
}

/**
 * Options shared by the server's and the browser's i18next instances. The resources themselves live
 * in src/shared/i18n/resources.ts (server and tests, every language) and src/i18n/browser.ts (the browser
 * downloads only the active language).
 */
export function i18nOptions(lng: Language): InitOptions {
  return {
    lng,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    ns: [...namespaces],
    defaultNS: defaultNamespace,
    interpolation: { escapeValue: false },
    returnNull: false,
  };
}

/** The language kept in the `lang` cookie of a Cookie header (or `document.cookie`), else the default. */
export function languageFromCookie(cookieHeader: string | undefined | null): Language {
  return cookieLanguage(cookieHeader) ?? defaultLanguage;
}

/** The supported language kept in the `lang` cookie of a Cookie header, or null when there is none. */
export function cookieLanguage(cookieHeader: string | undefined | null): Language | null {
  const raw = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  let value: string | undefined;
  try {
    value = raw ? decodeURIComponent(raw) : undefined;
  } catch {
    value = undefined;
  }
  return isLanguage(value) ? value : null;
}
