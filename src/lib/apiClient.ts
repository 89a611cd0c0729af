import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import type * as AxiosClients from './axiosClients';
import { readStorage } from '@/shared/storage';
import { notifyUnauthorized } from './unauthorized';

/**
 * The API clients as every caller uses them (`backendClient.get('orders')`), without axios in the
 * caller's chunk: axios and the clients' set-up (`./axiosClients`: bearer token, one refresh on 401,
 * `ApiError` mapping) are downloaded with the first call a page makes. A cold visit that makes no
 * call (the catalogue pages: their data and the laboratory list come with the server render) never
 * downloads them; the first call pays one chunk request more, once.
 */
type Clients = typeof AxiosClients;

let loading: Promise<Clients> | null = null;

/** The real clients, loaded once (a failed download is tried again by the next call). */
export function loadClients(): Promise<Clients> {
  loading ??= import('./axiosClients').catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}

/** The part of axios's instance the app calls; each method waits for the clients' chunk, then calls. */
export interface ApiClient {
  // The response body's type is the caller's to state, as with axios (its default is `any` too).
  /* eslint-disable @typescript-eslint/no-explicit-any */
  get<T = any>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  delete<T = any>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  post<T = any>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  put<T = any>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  /* eslint-enable @typescript-eslint/no-explicit-any */
}

function lazyClient(which: 'backendClient' | 'shopClient'): ApiClient {
  return {
    get: (url, config) => loadClients().then((c) => c[which].get(url, config)),
    delete: (url, config) => loadClients().then((c) => c[which].delete(url, config)),
    post: (url, data, config) => loadClients().then((c) => c[which].post(url, data, config)),
    put: (url, data, config) => loadClients().then((c) => c[which].put(url, data, config)),
  };
}

/** The lab backend (root from NEXT_PUBLIC_API_ROOT). */
export const backendClient = lazyClient('backendClient');
/** The shop's own API (`/api`: cart and order). */
export const shopClient = lazyClient('shopClient');

export { onUnauthorized } from './unauthorized';

/**
 * The API client's token and refresh for a transport outside axios (the event stream, `lib/eventStream`):
 * `token()` is the bearer token requests carry; `renew(failed)` after a 401 renews it as a failed
 * request would (once for all callers), and when the session is over tells the store as every 401 does.
 */
export const bearerToken = {
  token: (): string | null => readStorage('token'),
  async renew(failed: string): Promise<string | null> {
    const renewed = await (await loadClients()).renewToken(failed);
    if (!renewed) notifyUnauthorized();
    return renewed;
  },
};
