import { all, call, put, spawn } from 'redux-saga/effects';
import { errorRecorded } from '@/features/shell/errorsSlice';
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

type RootTask = () => Generator;

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

/**
 * Runs a root task and restarts it when it fails: the error is logged and recorded in the errors
 * slice (spec §4). A task that returns normally is not restarted.
 */
export function* keepAlive(name: string, task: RootTask): Generator {
  for (;;) {
    try {
      yield call(task);
      return;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      console.error(`Saga task ${name} failed, restarting`, e);
      yield put(errorRecorded({ task: name, message, at: new Date().toISOString() }));
    }
  }
}

export function* rootSaga(tasks: Record<string, RootTask> = rootTasks): Generator {
  yield all(Object.entries(tasks).map(([name, task]) => spawn(keepAlive, name, task)));
}
