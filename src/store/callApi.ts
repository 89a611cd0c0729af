import { call, put, type CallEffect } from 'redux-saga/effects';
import { ApiError } from '@/lib/apiClient';
import { logout } from '@/features/auth/authSlice';
import { routes } from '@/lib/routes';
import { navigation } from './navigation';

function* runApiCall<Args extends unknown[], R>(fn: (...args: Args) => Promise<R>, args: Args): Generator<unknown, R, unknown> {
  try {
    return (yield call(fn, ...args)) as R;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      yield put(logout());
      yield call([navigation, navigation.goTo], routes.home.path);
    }
    throw e;
  }
}

/**
 * The effect every domain saga uses for API calls: `const user = (yield callApi(getCurrentUser)) as CurrentUserDto`.
 * A 401 ('Not authorized') logs the user out and returns home (spec §4, §8); the error is rethrown so
 * the calling saga can set its ERROR status.
 */
export function callApi<Args extends unknown[], R>(fn: (...args: Args) => Promise<R>, ...args: Args): CallEffect<R> {
  return call(runApiCall<Args, R>, fn, args) as CallEffect<R>;
}
