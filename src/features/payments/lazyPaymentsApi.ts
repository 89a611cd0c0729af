import { lazyApi } from '@/lib/lazyApi';

/**
 * `paymentsApi` for the components that call it themselves: the module, with the HTTP client and
 * axios, loads on the first call instead of with the page (see lazyApi).
 */
export const paymentsApi = lazyApi(() => import('./paymentsApi').then((m) => m.paymentsApi));
