import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { backendClient } from '@/lib/apiClient';

/** Test helper. */
export interface Seen {
  url: string;
  params: Record<string, string>;
  signal?: AbortSignal;
}

/** The network faked at the HTTP boundary: an axios adapter answering from a handler. */
export function fakeBackend(handler: (req: Seen) => { status: number; data: unknown; delayMs?: number }) {
  const seen: Seen[] = [];
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const req: Seen = { url: config.url ?? '', params: (config.params ?? {}) as Record<string, string>, signal: config.signal as AbortSignal | undefined };
    seen.push(req);
    const { status, data, delayMs = 0 } = handler(req);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const response = { status, statusText: String(status), data, headers: {}, config, request: {} };
        if (status >= 400) reject(new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, response));
        else resolve(response);
      }, delayMs);
      req.signal?.addEventListener?.('abort', () => {
        clearTimeout(timer);
        reject(new AxiosError('canceled', 'ERR_CANCELED', config));
      });
    });
  };
  const previous = backendClient.defaults.adapter;
  backendClient.defaults.adapter = adapter;
  return { seen, restore: () => (backendClient.defaults.adapter = previous) };
}

