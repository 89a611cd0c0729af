import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultNamespace, i18nOptions, type Language, type Namespace } from '@/shared/i18n';

type NamespaceLoader = () => Promise<{ default: ResourceKey }>;

/**
 * One chunk per language and namespace: a page downloads only the namespaces its components use
 * (`common` at once, the others when a component asking for them first renders: react-i18next
 * suspends it, keeping the server HTML, until its namespace has arrived). A catalogue page needs
 * `common` and `catalogue` (~5 kB gzip) instead of the whole language (~18 kB).
 */
const chunks: Record<Language, Record<Namespace, NamespaceLoader>> = {
  en: {
    common: () => import('../../locales/en/common.json'),
    catalogue: () => import('../../locales/en/catalogue.json'),
    help: () => import('../../locales/en/help.json'),
    account: () => import('../../locales/en/account.json'),
    cart: () => import('../../locales/en/cart.json'),
    cartFlows: () => import('../../locales/en/cartFlows.json'),
    results: () => import('../../locales/en/results.json'),
    staff: () => import('../../locales/en/staff.json'),
    visit: () => import('../../locales/en/visit.json'),
    invoices: () => import('../../locales/en/invoices.json'),
  },
  ru: {
    common: () => import('../../locales/ru/common.json'),
    catalogue: () => import('../../locales/ru/catalogue.json'),
    help: () => import('../../locales/ru/help.json'),
    account: () => import('../../locales/ru/account.json'),
    cart: () => import('../../locales/ru/cart.json'),
    cartFlows: () => import('../../locales/ru/cartFlows.json'),
    results: () => import('../../locales/ru/results.json'),
    staff: () => import('../../locales/ru/staff.json'),
    visit: () => import('../../locales/ru/visit.json'),
    invoices: () => import('../../locales/ru/invoices.json'),
  },
  pl: {
    common: () => import('../../locales/pl/common.json'),
    catalogue: () => import('../../locales/pl/catalogue.json'),
    help: () => import('../../locales/pl/help.json'),
    account: () => import('../../locales/pl/account.json'),
    cart: () => import('../../locales/pl/cart.json'),
    cartFlows: () => import('../../locales/pl/cartFlows.json'),
    results: () => import('../../locales/pl/results.json'),
    staff: () => import('../../locales/pl/staff.json'),
    visit: () => import('../../locales/pl/visit.json'),
    invoices: () => import('../../locales/pl/invoices.json'),
  },
};

const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, callback) {
    const load = chunks[lng as Language]?.[ns as Namespace];
    if (!load) return callback(new Error(`No translations for ${lng}/${ns}`), false);
    load().then(
      (m) => callback(null, m.default),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), false),
    );
  },
};

/**
 * The browser's i18next instance: it starts loading the active language's `common` namespace at
 * once; components using translations suspend (keeping the server HTML) until their namespaces
 * have arrived, and a change of language loads the namespaces already in use.
 * No fallback language: every locale has every key (src/shared/i18n/locales.test.ts), so a second
 * language is never fetched for fallback.
 */
export function createBrowserI18n(lng: Language): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(chunkBackend)
    .use(initReactI18next)
    .init({ ...i18nOptions(lng), ns: [defaultNamespace], fallbackLng: false, react: { useSuspense: true } });
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
