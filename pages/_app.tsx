import type { AppProps } from 'next/app';
import Head from 'next/head';
import { Provider } from 'react-redux';
import { AppCacheProvider } from '@mui/material-nextjs/v16-pagesRouter';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { I18nextProvider } from 'react-i18next';
import { useState } from 'react';
import { wrapper } from '@/store/wrapper';
import { theme } from '@/theme/theme';
import { createI18n } from '@/i18n';
import { ToastProvider } from '@/components/Toast';

export default function App(props: AppProps) {
  const { Component, pageProps } = props;
  const store = wrapper.useStore();
  const [i18n] = useState(() => createI18n());
  return (
    <AppCacheProvider {...props}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no" />
      </Head>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <ToastProvider>
              <Component {...pageProps} />
            </ToastProvider>
          </ThemeProvider>
        </I18nextProvider>
      </Provider>
    </AppCacheProvider>
  );
}
