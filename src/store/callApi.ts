import { eventChannel } from 'redux-saga';
import { put, select, take } from 'redux-saga/effects';
import { call } from 'typed-redux-saga';
import { onUnauthorized } from '@/lib/apiClient';
import { ApiError } from '@/lib/apiError';
import { logout } from '@/features/auth/authSlice';
import { routes } from '@/lib/routes';
import { navigation } from './navigation';

function* runApiCall<Args extends unknown[], R>(fn: (...args: Args) => Promise<R>, args: Args) {
  try {
    return yield* call(fn, ...args);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) yield* call(signOut);
    throw e;
  }
}

const isLoggedIn = (state: { auth: { isLoggedIn: boolean } }) => state.auth.isLoggedIn;

/** Signs a logged-in user out and returns home (once, however many calls answered 401). */
function* signOut(): Generator<unknown, void, unknown> {
  if (!(yield select(isLoggedIn))) return;
  yield put(logout());
  yield* call([navigation, navigation.goTo], routes.home.path);
}

/**
 * Root task: a 401 answer to any call of the API client signs the user out, also for calls made
 * outside sagas (saving the language, downloading the results PDF). Browser only.
 */
export function* signOutOnUnauthorized(): Generator<unknown, void, unknown> {
  if (typeof window === 'undefined') return;
  const channel = eventChannel<true>((emit) => onUnauthorized(() => emit(true)));
  try {
    for (;;) {
      yield take(channel);
      yield* call(signOut);
    }
  } finally {
    channel.close();
  }
}

/**
 * How every domain saga calls the API, typed by the API function: `const user = yield* callApi(getCurrentUser)`.
 * A 401 ('Not authorized') logs the user out and returns home (spec §4, §8); the error is rethrown so
 * the calling saga can set its ERROR status.
 */
export function* callApi<Args extends unknown[], R>(fn: (...args: Args) => Promise<R>, ...args: Args) {
  return yield* call(runApiCall<Args, R>, fn, args);
}
