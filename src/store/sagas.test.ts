import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { take, put, call } from 'redux-saga/effects';
import { createAction } from '@reduxjs/toolkit';
import { backendClient } from '@/lib/apiClient';
import { ApiError, NOT_AUTHORIZED_MESSAGE } from '@/lib/apiError';
import { loggedIn } from '@/features/auth/authSlice';
import { makeStore } from './makeStore';
import { callApi, signOutOnUnauthorized } from './callApi';
import { rootSaga } from './rootSaga';
import { navigation } from './navigation';

/** An axios adapter answering every request with the given status (the network faked at the HTTP boundary). */
const answer = (status: number, data: unknown) => async (config: InternalAxiosRequestConfig) => {
  const response = { status, statusText: String(status), data, headers: {}, config, request: {} };
  if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, response);
  return response;
};

const getCurrentUser = (status: number) =>
  backendClient.get('users/current', { adapter: answer(status, status === 200 ? { id: 1 } : { error: 'nope' }), headers: new AxiosHeaders() }).then((r) => r.data as unknown);

const ping = createAction('test/ping');
const pong = createAction<string>('test/pong');

describe('callApi', () => {
  let goTo: jest.SpyInstance;
  beforeEach(() => {
    goTo = jest.spyOn(navigation, 'goTo').mockResolvedValue(undefined);
  });
  afterEach(() => goTo.mockRestore());

  it('returns the result of a successful call and stays logged in', async () => {
    const results: unknown[] = [];
    const store = makeStore({
      saga: function* () {
        results.push(yield* callApi(getCurrentUser, 200));
      },
    });
    store.dispatch(loggedIn());
    await store.sagaTask?.toPromise();
    expect(results).toEqual([{ id: 1 }]);
    expect(store.getState().auth.isLoggedIn).toBe(true);
    expect(goTo).not.toHaveBeenCalled();
  });

  it('logs the user out and returns home on 401, then rethrows', async () => {
    const caught: unknown[] = [];
    const store = makeStore({
      saga: function* () {
        yield take(ping.type);
        try {
          yield* callApi(getCurrentUser, 401);
        } catch (e) {
          caught.push(e);
        }
      },
    });
    store.dispatch(loggedIn());
    expect(store.getState().auth.isLoggedIn).toBe(true);
    store.dispatch(ping());
    await store.sagaTask?.toPromise();
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(goTo).toHaveBeenCalledWith('/');
    expect(caught).toHaveLength(1);
    expect(caught[0]).toBeInstanceOf(ApiError);
    expect((caught[0] as ApiError).message).toBe(NOT_AUTHORIZED_MESSAGE);
  });

  it('a 401 to a call made outside sagas (the language, the PDF) signs the user out too', async () => {
    const store = makeStore({ saga: () => rootSaga({ unauthorized: signOutOnUnauthorized }) });
    store.dispatch(loggedIn());
    const download = backendClient.get('test-results/1/patients/2/pdf', {
      adapter: answer(401, { error: 'Not authorized' }),
      headers: new AxiosHeaders({ Authorization: 'Bearer expired' }),
    });
    await expect(download).rejects.toBeInstanceOf(ApiError);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(goTo).toHaveBeenCalledTimes(1);
    expect(goTo).toHaveBeenCalledWith('/');
    // A visitor's 401 (no token sent, e.g. a wrong password) signs nobody out and goes nowhere.
    store.dispatch(loggedIn());
    await expect(backendClient.post('login', {}, { adapter: answer(401, { error: 'Not authorized' }) })).rejects.toBeInstanceOf(ApiError);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().auth.isLoggedIn).toBe(true);
    store.sagaTask?.cancel();
  });

  it('does not log out on other errors', async () => {
    const caught: ApiError[] = [];
    const store = makeStore({
      saga: function* () {
        try {
          yield callApi(getCurrentUser, 500);
        } catch (e) {
          if (e instanceof ApiError) caught.push(e);
        }
      },
    });
    store.dispatch(loggedIn());
    await store.sagaTask?.toPromise();
    expect(caught.map((e) => [e.status, e.message])).toEqual([[500, 'nope']]);
    expect(store.getState().auth.isLoggedIn).toBe(true);
    expect(goTo).not.toHaveBeenCalled();
  });
});

describe('rootSaga', () => {
  it('restarts a failing root task and records its error', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let runs = 0;
    function* flaky(): Generator {
      runs += 1;
      for (;;) {
        yield take(ping.type);
        if (runs === 1) throw new Error('boom in flaky task');
        yield put(pong(`run ${runs}`));
      }
    }
    const seen: string[] = [];
    function* listener(): Generator {
      for (;;) {
        const action = (yield take(pong.type)) as ReturnType<typeof pong>;
        seen.push(action.payload);
      }
    }
    const store = makeStore({ saga: () => rootSaga({ flaky, listener }) });
    store.dispatch(ping());
    expect(runs).toBe(2);
    const errors = store.getState().errors.items;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ task: 'flaky', message: 'boom in flaky task' });
    expect(consoleError).toHaveBeenCalledWith('Saga task flaky failed, restarting', expect.any(Error));
    // The restarted task works, and the other root task was not disturbed.
    store.dispatch(ping());
    expect(seen).toEqual(['run 2']);
    consoleError.mockRestore();
  });

  it('records an unhandled 401 of a root task after logging out', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const goTo = jest.spyOn(navigation, 'goTo').mockResolvedValue(undefined);
    function* loadsUser(): Generator {
      yield take(ping.type);
      yield call(() => Promise.resolve());
      yield callApi(getCurrentUser, 401);
    }
    const store = makeStore({ saga: () => rootSaga({ loadsUser }) });
    store.dispatch(loggedIn());
    store.dispatch(ping());
    await new Promise((r) => setTimeout(r, 20));
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(store.getState().errors.items.map((e) => e.message)).toEqual([NOT_AUTHORIZED_MESSAGE]);
    expect(goTo).toHaveBeenCalledWith('/');
    goTo.mockRestore();
    consoleError.mockRestore();
  });
});
