import { lazyApi } from '@/lib/lazyApi';

/**
 * `staffApi` for components that call the API themselves (not through a saga): the module, with the
 * HTTP client and axios, loads on the first call instead of with the page (see lazyApi).
 */
export const staffApi = lazyApi(() => import('./staffApi').then((m) => m.staffApi));
