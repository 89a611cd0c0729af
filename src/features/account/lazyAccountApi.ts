import { lazyApi } from '@/lib/lazyApi';

/**
 * `accountApi` for components that call the API themselves (not through a saga): the module, with the
 * HTTP client and axios, loads on the first call instead of with the page (see lazyApi).
 */
export const accountApi = lazyApi(() => import('./accountApi').then((m) => m.accountApi));
