import { AxiosError, type AxiosAdapter, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
// The real clients (the app's `@/lib/apiClient` loads these with its first call and calls through them).
import { backendClient, shopClient } from '@/lib/axiosClients';

export interface FakeRequest {
  method: string;
  /** The request URL as called, without leading slashes (with its own query, if any). */
  url: string;
  /** The URL without its query and trailing slash, e.g. `cart/add-to-cart`. */
  path: string;
  /** `${method} ${path}`, e.g. `GET laboratories/2`. */
  route: string;
  /** The query parameters given apart from the URL (`params`). */
  params: Record<string, unknown>;
  body: unknown;
  headers: Record<string, unknown>;
  signal?: AbortSignal;
}

/** [status, body] answered for one request; `delayMs` holds the answer back (an abort cancels it meanwhile). */
export type FakeAnswer = [number, unknown] | [number, unknown, { delayMs: number }];
export type FakeHandler = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

const NOT_FOUND: FakeAnswer = [404, { error: 'Not found' }];

function answerWhenDue(config: InternalAxiosRequestConfig, answer: FakeAnswer, signal: AbortSignal | undefined): Promise<AxiosResponse> {
  const [status, data, timing] = answer;
  return new Promise((resolve, reject) => {
    const settle = () => {
      const response: AxiosResponse = { status, statusText: String(status), data, headers: {}, config, request: {} };
      if (status >= 400) reject(new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response));
      else resolve(response);
    };
    if (!timing) return settle();
    const timer = setTimeout(settle, timing.delayMs);
    signal?.addEventListener?.('abort', () => {
      clearTimeout(timer);
      reject(new AxiosError('canceled', 'ERR_CANCELED', config));
    });
  });
}

const keysOf = (r: FakeRequest) => [`${r.method} ${r.url}`, `${r.method} ${r.url.split('?')[0]}`, r.route];

/**
 * Both APIs faked at the HTTP boundary (the axios adapters of `backendClient` and `shopClient`).
 * Routes are `'POST login'`, `'GET users/current'`, `'GET cart/get-cart'` ... (the URL as called matches
 * first, then without its query, then without a trailing slash); a route answers `[status, body]`, a list of answers in turn
 * (the last one repeats) or a handler; `'*'` answers every other request; unknown routes answer 404.
 * Every request is recorded.
 */
export function fakeBackend(routes: Record<string, FakeHandler | FakeAnswer | FakeAnswer[]>) {
  const requests: FakeRequest[] = [];
  const used: Record<string, number> = {};
  const clients: AxiosInstance[] = [backendClient, shopClient];
  const previous = clients.map((c) => c.defaults.adapter);
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = (config.url ?? '').replace(/^\/+/, '');
    const path = (url.split('?')[0] ?? '').replace(/\/+$/, '');
    // No body is null on the wire (the client keeps Content-Type on every request), as undefined here.
    const body: unknown = typeof config.data === 'string' && config.data !== '' ? JSON.parse(config.data) : (config.data ?? undefined);
    const signal = config.signal as AbortSignal | undefined;
    const req: FakeRequest = { method, url, path, route: `${method} ${path}`, params: { ...(config.params as Record<string, unknown> | undefined) }, body, headers: { ...config.headers }, signal };
    requests.push(req);
    // The URL as called, then without its query, then without a trailing slash; `'*'` last.
    const key = keysOf(req).find((k) => routes[k] !== undefined) ?? '*';
    const route = routes[key];
    let answer: FakeAnswer;
    if (route === undefined) answer = NOT_FOUND;
    else if (typeof route === 'function') answer = await route(req);
    else if (Array.isArray(route[0])) {
      const list = route as FakeAnswer[];
      const n = used[key] ?? 0;
      used[key] = n + 1;
      answer = list[Math.min(n, list.length - 1)] ?? NOT_FOUND;
    } else answer = route as FakeAnswer;
    return answerWhenDue(config, answer, signal);
  };
  for (const c of clients) c.defaults.adapter = adapter;
  return {
    requests,
    /** Requests of one route, e.g. `calls('POST logout')`. */
    calls: (route: string) => requests.filter((r) => keysOf(r).slice(1).includes(route)),
    restore: () => clients.forEach((c, i) => (c.defaults.adapter = previous[i])),
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
