import { all, spawn } from 'redux-saga/effects';
import { authSaga } from '@/features/auth/authSaga';
import { accountSaga } from '@/features/account/accountSaga';
import { labSaga } from '@/features/lab/labSaga';
import { catalogueSaga } from '@/features/catalogue/catalogueSaga';
import { patientsSaga } from '@/features/patients/patientsSaga';
import { cartSaga } from '@/features/cart/cartSaga';
import { checkoutSaga } from '@/features/checkout/checkoutSaga';
import { ordersSaga } from '@/features/orders/ordersSaga';
import { resultsSaga } from '@/features/results/resultsSaga';
import { staffSaga } from '@/features/staff/staffSaga';
import { signOutOnUnauthorized } from './callApi';
import { keepAlive, type RootTask } from './keepAlive';

/**
 * Every feature's saga at once: the store of tests and scripts (makeStore). The browser starts only
 * src/store/startupSaga.ts and loads the others when their feature is first used (src/store/lazySagas.ts).
 */
export const rootTasks: Record<string, RootTask> = {
  auth: authSaga,
  account: accountSaga,
  lab: labSaga,
  catalogue: catalogueSaga,
  patients: patientsSaga,
  cart: cartSaga,
  checkout: checkoutSaga,
  orders: ordersSaga,
  results: resultsSaga,
  staff: staffSaga,
  unauthorized: signOutOnUnauthorized,
};

export function* rootSaga(tasks: Record<string, RootTask> = rootTasks): Generator {
  yield all(Object.entries(tasks).map(([name, task]) => spawn(keepAlive, name, task)));
}
