import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { backendClient } from '@/lib/apiClient';

export interface FakeRequest {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, unknown>;
  /** The query parameters given apart from the URL (`params`). */
  params: Record<string, unknown>;
}

/** [status, body] answered for one request. */
export type FakeAnswer = [number, unknown];
export type FakeHandler = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * The lab backend faked at the HTTP boundary (the axios adapter of `backendClient`): routes are
 * `'POST login'`, `'GET users/current'`, ...; unknown routes answer 404. Every request is recorded.
 */
export function fakeBackend(routes: Record<string, FakeHandler | FakeAnswer>) {
  const requests: FakeRequest[] = [];
  const previous = backendClient.defaults.adapter;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = (config.url ?? '').replace(/^\/+/, '');
    // No body is null on the wire (the client keeps Content-Type on every request), as undefined here.
    const body: unknown = typeof config.data === 'string' && config.data !== '' ? JSON.parse(config.data) : (config.data ?? undefined);
    const req: FakeRequest = { method, url, body, headers: { ...config.headers }, params: { ...(config.params as Record<string, unknown> | undefined) } };
    requests.push(req);
    const route = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    const [status, data] = route === undefined ? [404, { error: 'Not found' }] : typeof route === 'function' ? await route(req) : route;
    const response: AxiosResponse = { status, statusText: String(status), data, headers: {}, config, request: {} };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response);
    return response;
  };
  backendClient.defaults.adapter = adapter;
  return {
    requests,
    /** Requests of one route, e.g. `calls('POST logout')`. */
    calls: (route: string) => requests.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route),
    restore: () => {
      backendClient.defaults.adapter = previous;
    },
  };
}

export type FakeBackend = ReturnType<typeof fakeBackend>;

/** Waits until `check` passes (sagas answer after awaited promises). */
export async function eventually(check: () => void, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (e) {
      if (Date.now() - start > timeoutMs) throw e;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}

export const sampleUser = {
  id: 7,
  username: 'anna@example.com',
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.com',
  emailConfirmed: false,
  phone: null,
  dateOfBirth: null,
  role: 'patient' as const,
  laboratoryId: null,
  staffLaboratoryId: null,
};
