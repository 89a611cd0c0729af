import NextApp, { type AppContext, type AppProps } from 'next/app';
import Head from 'next/head';
import { Provider } from 'react-redux';
import { AppCacheProvider, createEmotionCache } from '@mui/material-nextjs/v16-pagesRouter';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Suspense, useState } from 'react';
import type { i18n as I18n } from 'i18next';
import { useHydrationAfterFirstRender, wrapper } from '@/store/wrapper';
import { theme } from '@/theme/theme';
import { languageFromCookie, type Language } from '@/shared/i18n';
import { browserI18n, prepareBrowserI18nSoon } from '@/i18n/browser';
import { serverInstances } from '@/shared/i18n/serverInstances';
import { ToastProvider } from '@/components/Toast';
import { AppShell } from './AppShell';
import { hasAcceptCookie } from './CookieBanner';
import { warmIntlSoon } from '@/lib/warmIntl';
import { laboratoryListReceived } from '@/features/lab';
import { needsLaboratory } from '@/lib/routes';
import { cookieValue } from '@/shared/cookies';
import { LAB_COOKIE } from '@/shared/storage';
import type { LaboratoryDto } from '@/shared/types/api';

/**
 * The app around every page (`pages/_app.tsx` is this component): Emotion's cache, the store, the
 * language, the theme, the Suspense boundary that keeps the server HTML until the language's chunk
 * has loaded, the shared head, toasts and the shell. See docs/architecture.md "Client shell".
 */

type Props = AppProps & { lang?: Language; cookiesAccepted?: boolean; laboratories?: LaboratoryDto[] };

/**
 * In the browser, Emotion's style elements carry the page's nonce (read from Next's data script,
 * which the server rendered with it), so the Content-Security-Policy admits them. On the server,
 * `_document` passes a cache with the request's nonce instead.
 */
const browserEmotionCache =
  typeof document === 'undefined' ? undefined : createEmotionCache({ key: 'mui', nonce: (document.getElementById('__NEXT_DATA__') as HTMLScriptElement | null)?.nonce || undefined });

// Before hydration, in tasks of their own: the i18next instance (its language chunk starts loading),
// then ICU's locale data for collation and money formats.
if (typeof window !== 'undefined') {
  const language = languageFromCookie(document.cookie);
  prepareBrowserI18nSoon(language);
  warmIntlSoon(language);
}

/**
 * The server shares one ready instance per language (every language in memory, made by
 * getInitialProps below); the browser builds one that downloads only the active language.
 */
function appI18n(lang: Language): I18n {
  if (typeof window === 'undefined') {
    const instance = serverInstances.get(lang);
    if (!instance) throw new Error(`No server i18n instance for ${lang}`);
    return instance;
  }
  return browserI18n(lang);
}

/**
 * Marks the first render as done. It sits inside the Suspense boundary, after the page, so its effect
 * runs only once the page itself has hydrated (in the browser that waits for the language's chunk),
 * and the page's first render still replays its server actions before its own paint.
 */
function FirstRenderDone() {
  useHydrationAfterFirstRender();
  return null;
}

/**
 * The head every page shares. It sits inside the Suspense boundary with the pages' own `<Head>`s:
 * next/head rewrites the document's head from the `<Head>`s mounted in a commit, and one outside the
 * boundary, committed with the root before the page hydrates, removed the page's title, description
 * and links from the server HTML for a moment (and re-created them a commit later).
 */
function AppHead() {
  const { t } = useTranslation('common');
  return (
    <Head>
      <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no" />
      <title>{t('appName')}</title>
    </Head>
  );
}

export function AppRoot(props: Props) {
  const { Component, pageProps, lang, cookiesAccepted, laboratories } = props;
  const store = wrapper.useStore();
  // A first visitor's laboratory list comes with the server render (getInitialProps below): the
  // selector that opens for them shows it without a request. Put in the store once, before any
  // component reads it (the same on the server and in the browser).
  useState(() => {
    if (laboratories) store.dispatch(laboratoryListReceived(laboratories));
    return null;
  });
  // The language of the `lang` cookie, read by getInitialProps on the server and in the browser, so
  // the first render in the browser matches the server HTML.
  const [i18n] = useState(() => appI18n(lang ?? 'en'));
  return (
    <AppCacheProvider emotionCache={browserEmotionCache} {...props}>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            {/* In the browser, translated components wait here (keeping the server HTML) until the language's chunk has loaded. */}
            <Suspense fallback={null}>
              <AppHead />
              <ToastProvider>
                <AppShell cookiesAccepted={cookiesAccepted}>
                  <Component {...pageProps} />
                </AppShell>
              </ToastProvider>
              <FirstRenderDone />
            </Suspense>
          </ThemeProvider>
        </I18nextProvider>
      </Provider>
    </AppCacheProvider>
  );
}

AppRoot.getInitialProps = async (context: AppContext) => {
  const initial = await NextApp.getInitialProps(context);
  const cookie = typeof window === 'undefined' ? context.ctx.req?.headers.cookie : document.cookie;
  // On the server a first visit (no `lang` cookie) follows Accept-Language, and the answer keeps it in the cookie.
  const lang = typeof window === 'undefined' ? (await import('@/server/ssr/pageLanguage')).negotiatePageLanguage(context.ctx.req, context.ctx.res) : languageFromCookie(cookie);
  // Server only (the branch is removed from the browser build): every language, loaded once.
  if (typeof window === 'undefined') (await import('@/shared/i18n/resources')).serverI18n(lang);
  // A first visitor (no laboratory chosen) gets the laboratory list with the page: the selector opens
  // for them at once, and needs no request (nor the API client's chunk) for its list.
  const laboratories =
    typeof window === 'undefined' && needsLaboratory(context.ctx.pathname) && !cookieValue(cookie, LAB_COOKIE)
      ? await (await import('@/server/ssr/firstVisit')).firstVisitLaboratories(lang)
      : undefined;
  // A first visit gets the cookie banner in the server HTML (it paints with the page).
  return { ...initial, lang, cookiesAccepted: hasAcceptCookie(cookie), ...(laboratories ? { laboratories } : {}) };
};
