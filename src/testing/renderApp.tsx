import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from '@mui/material/styles';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import type { NextRouter } from 'next/router';
import { all } from 'redux-saga/effects';
import { makeStore, type AppStore, type MakeStoreOptions } from '@/store/makeStore';
import { createI18n } from '@/shared/i18n/resources';
import { theme } from '@/theme/theme';
import { ToastProvider } from '@/components/Toast';
import { authSaga } from '@/features/auth/authSaga';
import { accountSaga } from '@/features/account/accountSaga';
import { patientsSaga } from '@/features/patients/patientsSaga';
import { cartSaga } from '@/features/cart/cartSaga';
import { checkoutSaga } from '@/features/checkout/checkoutSaga';
import { ordersSaga } from '@/features/orders/ordersSaga';
import { testRouter } from './router';

/**
 * Named saga sets: `account` (auth, account, patients: login, settings, e-mail confirmation) and
 * `shop` (those and the cart, the checkout and the orders' free visit times).
 */
const SAGA_SETS = {
  account: function* () {
    yield all([authSaga(), accountSaga(), patientsSaga()]);
  },
  shop: function* () {
    yield all([authSaga(), accountSaga(), patientsSaga(), cartSaga(), checkoutSaga(), ordersSaga()]);
  },
};

interface TestStoreOptions extends MakeStoreOptions {
  /** A named saga set; without it, `saga` (none unless given). */
  sagas?: keyof typeof SAGA_SETS;
}

/** The real store of a test: no saga unless `sagas` names a set or `saga` gives one; `preloadedState` as the app's. */
export function testStore({ sagas, ...options }: TestStoreOptions = {}): AppStore {
  return makeStore({ ...options, saga: sagas ? SAGA_SETS[sagas] : (options.saga ?? null) });
}

interface RenderAppOptions extends TestStoreOptions {
  /** `testRouter()` at `/` unless given. */
  router?: NextRouter;
  /** The interface language (English unless given). */
  language?: 'en' | 'ru' | 'pl';
  /** A store made beforehand (`testStore`); the store options are then ignored. */
  store?: AppStore;
}

/**
 * Renders a component as the app does: a real store (see `testStore`), i18n, the theme, toasts and a
 * router. The network is faked with `fakeBackend`. Returns the testing-library result, the store and the router.
 */
export function renderApp(ui: ReactElement, options: RenderAppOptions = {}) {
  const { router = testRouter(), language = 'en', store: given, ...storeOptions } = options;
  const store = given ?? testStore(storeOptions);
  const result = render(
    <RouterContext.Provider value={router}>
      <Provider store={store}>
        <I18nextProvider i18n={createI18n(language)}>
          <ThemeProvider theme={theme}>
            <ToastProvider>{ui}</ToastProvider>
          </ThemeProvider>
        </I18nextProvider>
      </Provider>
    </RouterContext.Provider>,
  );
  return { ...result, store, router };
}
