import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../../locales/en/common.json';
import enCatalogue from '../../locales/en/catalogue.json';
import enAccount from '../../locales/en/account.json';
import enCart from '../../locales/en/cart.json';
import enResults from '../../locales/en/results.json';
import enStaff from '../../locales/en/staff.json';
import ruCommon from '../../locales/ru/common.json';
import ruCatalogue from '../../locales/ru/catalogue.json';
import ruAccount from '../../locales/ru/account.json';
import ruCart from '../../locales/ru/cart.json';
import ruResults from '../../locales/ru/results.json';
import ruStaff from '../../locales/ru/staff.json';
import plCommon from '../../locales/pl/common.json';
import plCatalogue from '../../locales/pl/catalogue.json';
import plAccount from '../../locales/pl/account.json';
import plCart from '../../locales/pl/cart.json';
import plResults from '../../locales/pl/results.json';
import plStaff from '../../locales/pl/staff.json';

/** Locale files are `locales/<lng>/<namespace>.json`; one namespace per domain. */
export const languages = ['en', 'ru', 'pl'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';
export const namespaces = ['common', 'catalogue', 'account', 'cart', 'results', 'staff'] as const;
/** The `mail` namespace (locales/<lng>/mail.json) is server-only: src/server/mail/i18n.ts loads it, so the browser bundle does not carry it. */
export type Namespace = (typeof namespaces)[number];
export const defaultNamespace: Namespace = 'common';
/** Cookie that keeps the chosen language (read on the server for `<html lang>`). */
export const LANGUAGE_COOKIE = 'lang';

export const resources = {
  en: { common: enCommon, catalogue: enCatalogue, account: enAccount, cart: enCart, results: enResults, staff: enStaff },
  ru: { common: ruCommon, catalogue: ruCatalogue, account: ruAccount, cart: ruCart, results: ruResults, staff: ruStaff },
  pl: { common: plCommon, catalogue: plCatalogue, account: plAccount, cart: plCart, results: plResults, staff: plStaff },
} as const;

export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (languages as readonly string[]).includes(v);

/** A new i18next instance (one per request on the server, one in the browser). */
export function createI18n(lng: Language = defaultLanguage): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    ns: [...namespaces],
    defaultNS: defaultNamespace,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** The language kept in the `lang` cookie of a Cookie header (or `document.cookie`), else the default. */
export function languageFromCookie(cookieHeader: string | undefined | null): Language {
  return cookieLanguage(cookieHeader) ?? defaultLanguage;
}

/** The supported language kept in the `lang` cookie of a Cookie header, or null when there is none. */
export function cookieLanguage(cookieHeader: string | undefined | null): Language | null {
  const m = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]+)`).exec(cookieHeader ?? '');
  let value: string | undefined;
  try {
    value = m?.[1] ? decodeURIComponent(m[1]) : undefined;
  } catch {
    value = undefined;
  }
  return isLanguage(value) ? value : null;
}
