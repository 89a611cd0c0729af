import { render, type RenderResult } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import type { NextRouter } from 'next/router';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import type { ReactElement } from 'react';
import { makeStore, type MakeStoreOptions, type AppStore } from '@/store/makeStore';
import { createI18n } from '@/shared/i18n/resources';
import { theme } from '@/theme/theme';
import { ToastProvider } from '@/components/Toast';
import { backendClient } from '@/lib/apiClient';

/** A memory router for components that read `useRouter()`; `pushed` records navigations. */
export function memoryRouter(pathname = '/', query: NextRouter['query'] = {}, asPath = pathname) {
  const pushed: string[] = [];
  const router = {
    pathname,
    asPath,
    query,
    route: pathname,
    basePath: '',
    isReady: true,
    isFallback: false,
    isPreview: false,
    isLocaleDomain: false,
    push: async (url: string) => {
      pushed.push(String(url));
      return true;
    },
    replace: async (url: string) => {
      pushed.push(String(url));
      return true;
    },
    reload: () => undefined,
    back: () => undefined,
    forward: () => undefined,
    prefetch: async () => undefined,
    beforePopState: () => undefined,
    events: { on: () => undefined, off: () => undefined, emit: () => undefined },
  } as unknown as NextRouter;
  return { router, pushed };
}

export interface RenderOptions extends MakeStoreOptions {
  router?: NextRouter;
  /** The interface language (English unless given). */
  language?: 'en' | 'ru' | 'pl';
}

/** Renders with a real store (optionally with sagas), i18n (English unless `language`), the theme and toasts. */
export function renderWithApp(ui: ReactElement, options: RenderOptions = {}): RenderResult & { store: AppStore } {
  const { router = memoryRouter().router, language = 'en', ...storeOptions } = options;
  const store = makeStore({ saga: null, ...storeOptions });
  const i18n = createI18n(language);
  const result = render(
    <RouterContext.Provider value={router}>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider theme={theme}>
            <ToastProvider>{ui}</ToastProvider>
          </ThemeProvider>
        </I18nextProvider>
      </Provider>
    </RouterContext.Provider>,
  );
  return { ...result, store };
}

type Route = (config: InternalAxiosRequestConfig) => { status: number; data: unknown } | undefined;

/** Fakes the backend at the HTTP boundary: answers requests of `backendClient` from `routes`; returns the request log. */
export function fakeBackend(routes: Record<string, Route | { status: number; data: unknown }>) {
  const requests: string[] = [];
  const original = backendClient.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''}`;
    requests.push(key);
    const route = routes[key];
    const answer = typeof route === 'function' ? route(config) : route;
    const { status, data } = answer ?? { status: 404, data: { error: 'Not found' } };
    const response = { status, statusText: String(status), data, headers: {}, config, request: {} };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, response);
    return response;
  };
  backendClient.defaults.adapter = adapter;
  return {
    requests,
    restore: () => {
      backendClient.defaults.adapter = original;
    },
  };
}
