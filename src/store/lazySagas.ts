import type { LazySagas } from './configureAppStore';

/**
 * The feature sagas a first visit does not start, each in a chunk of its own with its API client,
 * keyed by the slice name its actions start with. The browser's store loads one when the first
 * action of its feature is dispatched (`orders/ordersRequested` from the orders page, the replayed
 * `orders/...Received` of a server-rendered order page) or when `store.injectSaga('orders')` asks
 * for it, and holds the sagas' actions until it runs (src/store/configureAppStore.ts, LaterSaga.lazy).
 * A feature saga that must also see actions of other features before any of its own is dispatched is
 * asked for ahead by its page: `store.injectSaga('<name>')` (wrapper.useStore() or react-redux's useStore).
 */
export const lazySagas: LazySagas = {
  account: () => import('@/features/account/accountSaga').then((m) => m.accountSaga),
  patients: () => import('@/features/patients/patientsSaga').then((m) => m.patientsSaga),
  orders: () => import('@/features/orders/ordersSaga').then((m) => m.ordersSaga),
  results: () => import('@/features/results/resultsSaga').then((m) => m.resultsSaga),
  staff: () => import('@/features/staff/staffSaga').then((m) => m.staffSaga),
};
