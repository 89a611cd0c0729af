import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from '@mui/material/styles';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import type { NextRouter } from 'next/router';
import { all } from 'redux-saga/effects';
import { makeStore } from '@/store/makeStore';
import { createI18n } from '@/shared/i18n/resources';
import { theme } from '@/theme/theme';
import { ToastProvider } from '@/components/Toast';
import { authSaga } from '@/features/auth/authSaga';
import { accountSaga } from '@/features/account/accountSaga';
import { patientsSaga } from '@/features/patients/patientsSaga';

/** A Next router for components under test: the given path and query; push/replace are jest mocks. */
export function testRouter(pathname = '/', query: Record<string, string> = {}): NextRouter {
  return {
    pathname,
    route: pathname,
    asPath: pathname,
    basePath: '',
    query,
    isReady: true,
    isFallback: false,
    isPreview: false,
    isLocaleDomain: false,
    push: jest.fn(() => Promise.resolve(true)),
    replace: jest.fn(() => Promise.resolve(true)),
    reload: jest.fn(),
    back: jest.fn(),
    forward: jest.fn(),
    prefetch: jest.fn(() => Promise.resolve()),
    beforePopState: jest.fn(),
    events: { on: jest.fn(), off: jest.fn(), emit: jest.fn() },
  };
}

/**
 * Renders a component as the app does (real store with the account sagas, English translations,
 * theme, toasts, a router); the network is faked by `fakeBackend`.
 */
export function renderWithApp(ui: ReactElement, options: { router?: NextRouter } = {}) {
  const store = makeStore({
    saga: function* () {
      yield all([authSaga(), accountSaga(), patientsSaga()]);
    },
  });
  const router = options.router ?? testRouter();
  const i18n = createI18n('en');
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
  return { ...result, store, router };
}
