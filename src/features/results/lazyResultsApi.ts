import { lazyApi } from '@/lib/lazyApi';

/**
 * `resultsApi` for components that call the API themselves (not through a saga): the module, with the
 * HTTP client and axios, loads on the first call instead of with the page (see lazyApi).
 */
export const resultsApi = lazyApi(() => import('./resultsApi').then((m) => m.resultsApi));
