import { lazyApi } from '@/lib/lazyApi';

/** `householdApi` loaded on its first call (see lazyApi). */
export const householdApi = lazyApi(() => import('./householdApi').then((m) => m.householdApi));
