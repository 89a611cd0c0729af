import { all, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { all as allOf, call, select } from 'typed-redux-saga';
import { isLocalPath } from '@/lib/localPath';
import { ApiError } from '@/lib/apiError';
import { toFailure } from '@/lib/store/resource';
import { readStorage, writeStorage } from '@/shared/storage';
import { callApi } from '@/store/callApi';
import { appStarted } from '@/store/appActions';
import { authApi } from './authApi';
import { AUTH_MESSAGES } from './authMessages';
import { afterAuthTarget, authNavigation } from './authNavigation';
import {
  authModalClosed,
  currentUserFailed,
  currentUserReceived,
  currentUserRequested,
  loggedIn,
  loginFailed,
  loginRequested,
  loginReceived,
  logout,
  newPasswordFailed,
  newPasswordRequested,
  newPasswordReceived,
  passwordResetFailed,
  passwordResetRequested,
  passwordResetReceived,
  registerFailed,
  registerRequested,
  registerReceived,
} from './authSlice';

/** Loads the current user (users/current). A 401 logs out through callApi. Exported for other flows. */
export function* loadCurrentUser(): Generator {
  try {
    const user = yield* callApi(authApi.currentUser);
    yield put(currentUserReceived(user));
  } catch (e) {
    yield put(currentUserFailed(toFailure(e)));
    if (!(e instanceof ApiError)) throw e;
  }
}

/** Keeps the token, marks the session logged in, loads the user and moves on (spec §4). */
function* startSession(token: string): Generator {
  writeStorage('token', token);
  yield put(loggedIn());
  yield put(currentUserRequested());
  // Logged in through the modal opened by an action that needs an account (the cart icon, the orders
  // or results prompt): go where that action led, not home.
  const returnTo = yield* select((s: { auth: { modalReturnTo: string | null } }) => s.auth.modalReturnTo);
  if (returnTo !== null) yield put(authModalClosed());
  if (returnTo && isLocalPath(returnTo)) {
    yield* call([authNavigation, authNavigation.push], returnTo);
    return;
  }
  const location = yield* call([authNavigation, authNavigation.location]);
  const target = afterAuthTarget(location);
  if ('replace' in target) yield* call([authNavigation, authNavigation.replace], target.replace);
  else yield* call([authNavigation, authNavigation.push], target.push);
}

export function loginErrorMessage(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.status === 401) return AUTH_MESSAGES.wrongCredentials;
    if (e.status === 429) return AUTH_MESSAGES.tooManyAttempts;
  }
  return AUTH_MESSAGES.unknownError;
}

function* login({ payload }: ReturnType<typeof loginRequested>): Generator {
  let token: string;
  try {
    token = yield* call(authApi.login, payload);
  } catch (e) {
    // A failed login never leaves an old token behind (spec §8).
    writeStorage('token', null);
    yield put(loginFailed(toFailure(e, loginErrorMessage(e))));
    return;
  }
  yield put(loginReceived(null));
  yield* call(startSession, token);
}

function* register({ payload }: ReturnType<typeof registerRequested>): Generator {
  let token: string;
  try {
    token = yield* call(authApi.register, payload);
  } catch (e) {
    yield put(registerFailed(toFailure(e, AUTH_MESSAGES.duplicatingFields)));
    return;
  }
  yield put(registerReceived(null));
  yield* call(startSession, token);
}

function* revoke(token: string): Generator {
  try {
    yield* call(authApi.logout, token);
  } catch {
    // Already expired or revoked, or offline: the browser has forgotten it either way.
  }
}

/** This browser stops receiving the account's push notifications (the server forgets the subscription with the session). */
function* forgetPushSubscription(): Generator {
  try {
    // Web Push's code comes with the sign-out that needs it, not with every page's start-up sagas.
    const { unsubscribeThisDevice } = yield* call(() => import('@/lib/webPush'));
    yield* call(unsubscribeThisDevice);
  } catch {
    // No push service reachable: the server drops the subscription on the push service's next 410.
  }
}

/**
 * Sign out: the token leaves the browser at once, then it is revoked on the server and this
 * browser's push subscription ends, side by side (failures ignored).
 */
function* signOut(): Generator {
  const token = readStorage('token');
  writeStorage('token', null);
  yield* allOf([call(forgetPushSubscription), ...(token ? [call(revoke, token)] : [])]);
}

function* restoreSession(): Generator {
  if (!readStorage('token')) return;
  yield put(currentUserRequested());
}

function* requestPasswordReset({ payload: email }: ReturnType<typeof passwordResetRequested>): Generator {
  try {
    yield* call(authApi.requestPasswordReset, email);
    yield put(passwordResetReceived(null));
  } catch (e) {
    yield put(passwordResetFailed(toFailure(e, e instanceof ApiError && e.status === 429 ? AUTH_MESSAGES.tooManyAttempts : AUTH_MESSAGES.unknownError)));
  }
}

/**
 * A new password the server refused as leaked or too easy to guess: the message to show, so the user
 * knows to choose another. The validation messages come with this answer, not with the start-up sagas.
 */
function* refusedPassword(field: string | undefined): Generator<unknown, string | null, unknown> {
  if (!field) return null;
  try {
    const { VALIDATION_MESSAGES } = yield* call(() => import('@/shared/validation/messages'));
    return field === VALIDATION_MESSAGES.passwordBreached || field === VALIDATION_MESSAGES.passwordWeak ? field : null;
  } catch {
    // Offline: the general message.
    return null;
  }
}

function* setNewPassword({ payload }: ReturnType<typeof newPasswordRequested>): Generator {
  try {
    yield* call(authApi.setNewPassword, payload);
    yield put(newPasswordReceived(null));
  } catch (e) {
    const status = e instanceof ApiError ? e.status : null;
    const named = e instanceof ApiError ? yield* refusedPassword(e.fields.newPassword) : null;
    const message = named ?? (status !== null && status >= 400 && status < 500 && status !== 429 ? AUTH_MESSAGES.resetFailed : loginErrorMessage(e));
    yield put(newPasswordFailed(toFailure(e, message)));
  }
}

export function* authSaga(): Generator {
  yield all([
    takeLatest(loginRequested, login),
    takeLatest(registerRequested, register),
    takeEvery(logout, signOut),
    takeLatest(appStarted, restoreSession),
    takeLatest(currentUserRequested, loadCurrentUser),
    takeLatest(passwordResetRequested, requestPasswordReset),
    takeLatest(newPasswordRequested, setNewPassword),
  ]);
}
