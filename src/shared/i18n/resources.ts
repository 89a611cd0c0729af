import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/shared/i18n/bundles/en';
import ru from '@/shared/i18n/bundles/ru';
import pl from '@/shared/i18n/bundles/pl';
import { i18nOptions, type Language } from './index';
import { serverInstances } from './serverInstances';

/**
 * Every language at once, for the server and tests only: the browser loads one language's chunk
 * through src/i18n/browser.ts, so these imports must never reach a page's client bundle.
 */
export const resources = { en, ru, pl } as const;

/** A new, ready i18next instance holding every language (tests, PDF rendering). */
export function createI18n(lng: Language = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({ ...i18nOptions(lng), resources, initAsync: false });
  return instance;
}

/**
 * The server's instance for one language, made once per process: server rendering only reads
 * translations (it never changes the language), so requests share it instead of building one each.
 */
export function serverI18n(lng: Language): I18n {
  let instance = serverInstances.get(lng);
  if (!instance) {
    instance = createI18n(lng);
    serverInstances.set(lng, instance);
  }
  return instance;
}
