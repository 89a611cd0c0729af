import { all, spawn } from 'redux-saga/effects';
import { authSaga } from '@/features/auth/authSaga';
import { labSaga } from '@/features/lab/labSaga';
import { catalogueSaga } from '@/features/catalogue/catalogueSaga';
import { cartSaga } from '@/features/cart/cartSaga';
import { checkoutSaga } from '@/features/checkout/checkoutSaga';
import { signOutOnUnauthorized } from './callApi';
import { keepAlive, type RootTask } from './keepAlive';

/**
 * What every visit starts with (the browser's saga chunk, loaded after the first render): the
 * session, the laboratory, the catalogue, the cart, the checkout's restore and the 401 watcher.
 * The other features' sagas (account, patients, orders, results, staff) are loaded when their
 * feature is first used: src/store/lazySagas.ts.
 */
export const startupTasks: Record<string, RootTask> = {
  auth: authSaga,
  lab: labSaga,
  catalogue: catalogueSaga,
  cart: cartSaga,
  checkout: checkoutSaga,
  unauthorized: signOutOnUnauthorized,
};

export function* startupSaga(tasks: Record<string, RootTask> = startupTasks): Generator {
  yield all(Object.entries(tasks).map(([name, task]) => spawn(keepAlive, name, task)));
}
