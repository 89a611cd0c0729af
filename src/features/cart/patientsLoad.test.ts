import { cancel, fork, take } from 'redux-saga/effects';
import { Status } from '@/lib/status';
import { makeStore } from '@/store/makeStore';
import { writeStorage } from '@/shared/storage';
import { fakeBackend, eventually, type FakeBackend } from '@/features/auth/testing/fakeBackend';
import { cartSaga } from './cartSaga';
import { cartPatientsRequested } from './cartSlice';

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  window.localStorage.clear();
});

test('a patients load cancelled before it answered (the cart saga restarted) leaves the list to be asked for again, not loading forever', async () => {
  writeStorage('token', 'tok-1');
  backend = fakeBackend({ 'GET patient': () => new Promise(() => undefined) });
  const store = makeStore({
    saga: function* () {
      const task = yield fork(cartSaga);
      yield take('test/restart');
      yield cancel(task);
    },
  });
  store.dispatch(cartPatientsRequested());
  await eventually(() => expect(backend?.calls('GET patient')).toHaveLength(1));
  expect(store.getState().cart.patients.status).toBe(Status.LOADING);
  store.dispatch({ type: 'test/restart' });
  // The patient step asks again when the status is back to INITIAL.
  expect(store.getState().cart.patients.status).toBe(Status.INITIAL);
});
