import i18next, { type BackendModule, type i18n as I18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nOptions, type Language } from '@/shared/i18n';

/** One chunk per language: only the active language is downloaded; another loads when chosen. */
const bundles: Record<Language, () => Promise<{ default: ResourceLanguage }>> = {
  en: () => import('@/shared/i18n/bundles/en'),
  ru: () => import('@/shared/i18n/bundles/ru'),
  pl: () => import('@/shared/i18n/bundles/pl'),
};

const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, callback) {
    const load = bundles[lng as Language];
    if (!load) return callback(new Error(`No translations for ${lng}`), false);
    load().then(
      (m) => callback(null, m.default[ns] as ResourceLanguage),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), false),
    );
  },
};

/**
 * The browser's i18next instance: it starts loading the active language's chunk at once, and
 * components using translations suspend (keeping the server HTML) until it has arrived.
 * No fallback language: every locale has every key (src/shared/i18n/locales.test.ts), so a second
 * language is never fetched for fallback.
 */
export function createBrowserI18n(lng: Language): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(chunkBackend)
    .use(initReactI18next)
    .init({ ...i18nOptions(lng), fallbackLng: false, react: { useSuspense: true } });
  return instance;
}

let prepared: { lng: Language; instance: I18n } | null = null;

/**
 * Builds the page's instance in a task of its own before React's first render (which otherwise
 * pays for it inside its own long task on a phone), and so starts the language chunk's download
 * earlier too.
 */
export function prepareBrowserI18nSoon(lng: Language): void {
  setTimeout(() => {
    prepared ??= { lng, instance: createBrowserI18n(lng) };
  }, 0);
}

/** The instance for the first render: the one prepared ahead when it is of `lng`, else a new one. */
export function browserI18n(lng: Language): I18n {
  const ready = prepared;
  prepared = null;
  return ready?.lng === lng ? ready.instance : createBrowserI18n(lng);
}
