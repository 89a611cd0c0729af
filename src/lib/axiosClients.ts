import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { API_ROOT } from './config';
import type { ApiErrorBody } from '@/shared/types/api';
import { readStorage, writeStorage } from '@/shared/storage';
import { ApiError, NETWORK_ERROR_MESSAGE, NOT_AUTHORIZED_MESSAGE } from './apiError';
import { notifyUnauthorized } from './unauthorized';

/**
 * The API clients themselves: axios with the bearer token, one refresh on 401 and the mapping of
 * failures to `ApiError`. Loaded with the first call a page makes, through `./apiClient`'s
 * `backendClient` / `shopClient` (a cold visit that calls nothing never downloads axios).
 */

declare module 'axios' {
  interface AxiosRequestConfig {
    /** A 401 answer to this request is final: no refresh and retry (the refresh call itself, sign-out). */
    skipRefresh?: boolean;
    /** Set on the one retry after a refresh. */
    refreshed?: boolean;
  }
}

function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (e instanceof AxiosError) {
    const status = e.response?.status ?? null;
    if (status === null) return new ApiError(NETWORK_ERROR_MESSAGE, null);
    if (status === 401) return new ApiError(NOT_AUTHORIZED_MESSAGE, 401);
    const data = e.response?.data as Partial<Record<keyof ApiErrorBody, unknown>> | undefined;
    const message = typeof data?.error === 'string' ? data.error : e.message;
    const fields = data?.fields && typeof data.fields === 'object' ? (data.fields as Record<string, string>) : {};
    return new ApiError(message, status, fields, typeof data?.code === 'string' ? data.code : null);
  }
  return new ApiError(e instanceof Error ? e.message : String(e), null);
}

/** The bearer token a request carried, if any. */
function sentToken(config: InternalAxiosRequestConfig | undefined): string | null {
  const header = config?.headers?.Authorization;
  return typeof header === 'string' ? (/^Bearer\s+(.+)$/.exec(header)?.[1] ?? null) : null;
}

let refreshing: Promise<string | null> | null = null;

/**
 * Renews the bearer token with the HttpOnly refresh cookie (`POST auth/refresh`, which rotates it),
 * once however many calls failed together; answers the new token, or null when the session is over.
 * If the stored token already differs from the one that failed, another call or tab has renewed it.
 * Tabs take turns through a Web Lock where the browser has them, so two tabs never present the same
 * refresh token (the server would take the second use as a stolen copy and end the session).
 */
export function renewToken(failed: string): Promise<string | null> {
  refreshing ??= (async () => {
    const attempt = async (): Promise<string | null> => {
      const stored = readStorage('token');
      if (stored && stored !== failed) return stored;
      if (!stored) return null;
      try {
        const { data } = await backendClient.post<{ access_token: string }>('auth/refresh', undefined, { skipRefresh: true, withCredentials: true });
        writeStorage('token', data.access_token);
        return data.access_token;
      } catch {
        return null;
      }
    };
    const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
    try {
      return locks ? await locks.request('labShop.refresh', attempt) : await attempt();
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function create(baseURL: string): AxiosInstance {
  const client = axios.create({
    baseURL,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    timeout: 20000,
    // After axios's own JSON transform: a null body ("null") stays null, which the adapter sends as no body.
    transformRequest: [...[axios.defaults.transformRequest ?? []].flat(), (data: unknown) => (data === 'null' ? null : data)],
  });
  client.interceptors.request.use((config) => {
    // The spec's client sends Content-Type: application/json on every request. The browser adapter drops
    // the header when the body is undefined; null keeps it and still sends no body (see the transform below).
    if (config.data === undefined) config.data = null;
    const token = readStorage('token');
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  client.interceptors.response.use(
    (r) => r,
    async (e: unknown) => {
      const error = toApiError(e);
      const config = e instanceof AxiosError ? e.config : undefined;
      const token = sentToken(config);
      if (error.status === 401 && config && token && !config.skipRefresh) {
        // The bearer token lives 15 minutes: renew it once and repeat the request with the new one.
        if (!config.refreshed) {
          const renewed = await renewToken(token);
          if (renewed) {
            config.refreshed = true;
            config.headers.set('Authorization', `Bearer ${renewed}`);
            return client.request(config);
          }
        }
        notifyUnauthorized();
      }
      return Promise.reject(error);
    },
  );
  return client;
}

/** The lab backend (root from NEXT_PUBLIC_API_ROOT). */
export const backendClient = create(API_ROOT);
/** The shop's own API (`/api`: cart and order). */
export const shopClient = create('/api/');
