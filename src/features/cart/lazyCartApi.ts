import { lazyApi } from '@/lib/lazyApi';

/** `cartApi` for the paste page, which calls it itself: the HTTP client loads on the first call, not with the page. */
export const lazyCartApi = lazyApi(() => import('./cartApi').then((m) => m.cartApi));
