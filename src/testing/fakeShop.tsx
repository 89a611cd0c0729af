import { emptyCart } from '@/shared/emptyShapes';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from '@mui/material/styles';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import type { NextRouter } from 'next/router';
import { AxiosError, type AxiosAdapter, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { all } from 'redux-saga/effects';
import { backendClient, shopClient } from '@/lib/apiClient';
import { makeStore } from '@/store/makeStore';
import { createI18n } from '@/shared/i18n/resources';
import { theme } from '@/theme/theme';
import { ToastProvider } from '@/components/Toast';
import { authSaga } from '@/features/auth/authSaga';
import { testRouter } from '@/testing/renderApp';
import type { AnalysisDto, CartDto, MaterialDto, PatientDto } from '@/shared/types/api';
import { cartSaga } from '@/features/cart/cartSaga';
import { checkoutSaga } from '@/features/checkout/checkoutSaga';
import { ordersSaga } from '@/features/orders/ordersSaga';
import { accountSaga } from '@/features/account/accountSaga';
import { patientsSaga } from '@/features/patients/patientsSaga';

export interface ShopRequest {
  method: string;
  /** Path without the client's root, e.g. `cart/add-to-cart` or `patient`. */
  path: string;
  /** The request URL as called (with its own query, if any). */
  url: string;
  params: Record<string, unknown>;
  body: unknown;
  headers: Record<string, unknown>;
}
export type ShopAnswer = [number, unknown];
export type ShopHandler = (req: ShopRequest) => ShopAnswer | Promise<ShopAnswer>;

/**
 * Both APIs faked at the HTTP boundary (the axios adapters of `shopClient` and `backendClient`):
 * routes are `'GET cart/get-cart'`, `'POST order/create'`, `'GET patient'` ...; an array of
 * answers is used in turn (the last one repeats); unknown routes answer 404. Every request is recorded.
 */
export function fakeShop(routes: Record<string, ShopHandler | ShopAnswer | ShopAnswer[]>) {
  const requests: ShopRequest[] = [];
  const used: Record<string, number> = {};
  const clients: AxiosInstance[] = [shopClient, backendClient];
  const previous = clients.map((c) => c.defaults.adapter);
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = (config.url ?? '').replace(/^\/+/, '');
    const path = (url.split('?')[0] ?? '').replace(/\/+$/, '');
    // No body is null on the wire (the client keeps Content-Type on every request), as undefined here.
    const body: unknown = typeof config.data === 'string' && config.data !== '' ? JSON.parse(config.data) : (config.data ?? undefined);
    const req: ShopRequest = { method, path, url, params: { ...(config.params as Record<string, unknown> | undefined) }, body, headers: { ...config.headers } };
    requests.push(req);
    const key = `${method} ${path}`;
    const route = routes[key];
    let answer: ShopAnswer;
    if (route === undefined) answer = [404, { error: 'Not found' }];
    else if (typeof route === 'function') answer = await route(req);
    else if (Array.isArray(route[0])) {
      const list = route as ShopAnswer[];
      const n = used[key] ?? 0;
      used[key] = n + 1;
      answer = list[Math.min(n, list.length - 1)] ?? [404, { error: 'Not found' }];
    } else answer = route as ShopAnswer;
    const [status, data] = answer;
    const response: AxiosResponse = { status, statusText: String(status), data, headers: {}, config, request: {} };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response);
    return response;
  };
  for (const c of clients) c.defaults.adapter = adapter;
  return {
    requests,
    calls: (route: string) => requests.filter((r) => `${r.method} ${r.path}` === route),
    restore: () => clients.forEach((c, i) => (c.defaults.adapter = previous[i])),
  };
}
export type FakeShop = ReturnType<typeof fakeShop>;

/** The store with the sagas of the cart, the checkout, the orders (free visit times), the account (e-mail confirmation) and the patients, and auth for login/logout. */
export function makeShopStore() {
  return makeStore({
    saga: function* () {
      yield all([authSaga(), accountSaga(), patientsSaga(), cartSaga(), checkoutSaga(), ordersSaga()]);
    },
  });
}

/** Renders like the app (real store and sagas, English texts, theme, toasts, a router). */
export function renderShop(ui: ReactElement, options: { router?: NextRouter; store?: ReturnType<typeof makeShopStore> } = {}) {
  const store = options.store ?? makeShopStore();
  const router = options.router ?? testRouter();
  const result = render(
    <RouterContext.Provider value={router}>
      <Provider store={store}>
        <I18nextProvider i18n={createI18n('en')}>
          <ThemeProvider theme={theme}>
            <ToastProvider>{ui}</ToastProvider>
          </ThemeProvider>
        </I18nextProvider>
      </Provider>
    </RouterContext.Provider>,
  );
  return { ...result, store, router };
}

// Sample data in the wire shapes.

export const tube: MaterialDto = { id: 1, name: 'Blood tube', price: 2, optional: false };
export const swab: MaterialDto = { id: 2, name: 'Sterile swab', price: 3, optional: true };

export function analysis(id: number, name: string, price: number, materials: MaterialDto[] = [tube]): AnalysisDto {
  return {
    id,
    name,
    code: `A${id}`,
    description: '',
    execPeriod: 1,
    catalogueHeaders: [],
    prices: [{ id: id * 10, priceListId: 1, currency: 'PLN', created: '2024-01-01', updated: '2024-01-01', price }],
    materials,
    restrictions: {},
  };
}

export function patient(id: number, firstName: string, lastName: string, gender: 'male' | 'female'): PatientDto {
  return {
    id,
    personalDetails: { firstName, lastName, gender, dateOfBirth: '1990-01-01', email: null, phone: null },
    address: { country: '', region: '', locality: '', district: '', street: '', houseNumber: '', entranceNumber: '', floorNumber: '', apartmentNumber: '', addressNotes: '' },
  };
}

/** A cart in the server's shape from `{patientId: analyses}`; the blood tube is charged once per patient. */
export function cartOf(byPatient: Record<number, AnalysisDto[]>): CartDto {
  const cart = emptyCart();
  let total = 0;
  for (const [pid, list] of Object.entries(byPatient)) {
    cart.analysisIdsByPatientId[pid] = list.map((a) => a.id);
    cart.analysisDtosByPatientId[pid] = list;
    const refs: CartDto['materialCartRefMapsByPatientId'][string] = {};
    for (const a of list) {
      (cart.patientIdsByAnalysisId[String(a.id)] ??= []).push(Number(pid));
      for (const m of a.materials) {
        const ref = (refs[String(m.id)] ??= { material: m, analysisIds: [], bought: true });
        ref.analysisIds.push(a.id);
      }
    }
    cart.materialCartRefMapsByPatientId[pid] = refs;
    const sub = list.reduce((s, a) => s + (a.prices[0]?.price ?? 0), 0) + Object.values(refs).reduce((s, r) => s + (r.bought ? r.material.price : 0), 0);
    cart.subCartTotalsByPatientId[pid] = { price: sub, currency: 'PLN' };
    total += sub;
  }
  cart.cartTotal = { price: total, currency: list0Currency(byPatient) };
  return cart;
}
const list0Currency = (byPatient: Record<number, AnalysisDto[]>) => (Object.keys(byPatient).length ? 'PLN' : 'EUR');

export { testRouter };

export { emptyCart };
