import NextApp, { type AppContext, type AppProps } from 'next/app';
import Head from 'next/head';
import { Provider } from 'react-redux';
import { AppCacheProvider } from '@mui/material-nextjs/v16-pagesRouter';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { I18nextProvider } from 'react-i18next';
import { useState } from 'react';
import { useHydrationAfterFirstRender, wrapper } from '@/store/wrapper';
import { theme } from '@/theme/theme';
import { createI18n, languageFromCookie, type Language } from '@/i18n';
import { ToastProvider } from '@/components/Toast';
import { AppShell } from '@/features/shell/AppShell';

type Props = AppProps & { lang?: Language };

export default function App(props: Props) {
  const { Component, pageProps, lang } = props;
  const store = wrapper.useStore();
  useHydrationAfterFirstRender();
  // The language of the `lang` cookie, read by getInitialProps on the server and in the browser, so
  // the first render in the browser matches the server HTML.
  const [i18n] = useState(() => createI18n(lang));
  return (
    <AppCacheProvider {...props}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no" />
        <title>{i18n.t('appName')}</title>
      </Head>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <ToastProvider>
              <AppShell>
                <Component {...pageProps} />
              </AppShell>
            </ToastProvider>
          </ThemeProvider>
        </I18nextProvider>
      </Provider>
    </AppCacheProvider>
  );
}

App.getInitialProps = async (context: AppContext) => {
  const initial = await NextApp.getInitialProps(context);
  const cookie = typeof window === 'undefined' ? context.ctx.req?.headers.cookie : document.cookie;
  return { ...initial, lang: languageFromCookie(cookie) };
};
