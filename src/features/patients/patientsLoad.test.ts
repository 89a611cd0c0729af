import { cancel, fork, take } from 'redux-saga/effects';
import { Status } from '@/lib/status';
import { makeStore } from '@/store/makeStore';
import { writeStorage } from '@/shared/storage';
import { fakeBackend, eventually, type FakeBackend } from '@/testing/fakeBackend';
import { patientsSaga } from './patientsSaga';
import { patientsRequested } from './patientsSlice';

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
  window.localStorage.clear();
});

test('a patients load cancelled before it answered (the patients saga restarted) leaves the list to be asked for again, not loading forever', async () => {
  writeStorage('token', 'tok-1');
  backend = fakeBackend({ 'GET patient': () => new Promise(() => undefined) });
  const store = makeStore({
    saga: function* () {
      const task = yield fork(patientsSaga);
      yield take('test/restart');
      yield cancel(task);
    },
  });
  store.dispatch(patientsRequested());
  await eventually(() => expect(backend?.calls('GET patient')).toHaveLength(1));
  expect(store.getState().patients.list.status).toBe(Status.LOADING);
  store.dispatch({ type: 'test/restart' });
  // The cart's patient step and the checkout ask again when the status is back to INITIAL.
  expect(store.getState().patients.list.status).toBe(Status.INITIAL);
});
