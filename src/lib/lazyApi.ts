import { loadOnce } from './loadOnce';

/** The methods of an API object that answer a promise. */
type AsyncMethods<T> = {
  [K in keyof T as T[K] extends (...args: never[]) => Promise<unknown> ? K : never]: T[K];
};

/**
 * An API object (e.g. `staffApi`) whose module, with the HTTP client and axios, loads on the first
 * call instead of with the page: for pages whose components call the API themselves (not through a
 * saga). Each method answers what the real one answers, once the module has arrived.
 */
export function lazyApi<T extends object>(load: () => Promise<T>): AsyncMethods<T> {
  const loaded = loadOnce(load);
  return new Proxy({} as AsyncMethods<T>, {
    get: (_target, name) =>
      (...args: unknown[]) =>
        loaded().then((api) => (api[name as keyof T] as (...a: unknown[]) => Promise<unknown>).apply(api, args)),
  });
}
