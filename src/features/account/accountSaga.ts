import { all, put, takeLatest } from 'redux-saga/effects';
import { call, select } from 'typed-redux-saga';
import { ApiError, failedWith } from '@/lib/apiError';
import { ERROR_CODES } from '@/shared/errorCodes';
import { toFailure } from '@/lib/store/resource';
import { routes } from '@/lib/routes';
import { callApi } from '@/store/callApi';
import { navigation } from '@/store/navigation';
import type { RootState } from '@/store/makeStore';
import { currentUserReceived, currentUserRequested } from '@/features/auth';
import { accountApi } from './accountApi';
import { ACCOUNT_MESSAGES } from './accountMessages';
import { VALIDATION_MESSAGES } from '@/shared/validation/messages';
import {
  confirmationLetterFailed,
  confirmationLetterNotNeeded,
  confirmationLetterRequested,
  confirmationLetterReceived,
  emailConfirmationFailed,
  emailConfirmationRequested,
  emailConfirmationReceived,
  passwordChangeFailed,
  passwordChangeRequested,
  passwordChangeReceived,
  profileUpdateFailed,
  profileUpdateRequested,
  profileUpdateReceived,
} from './accountSlice';

function* updateProfile({ payload }: ReturnType<typeof profileUpdateRequested>): Generator {
  try {
    const user = yield* callApi(accountApi.updateProfile, payload.id, payload.body);
    yield put(currentUserReceived(user));
    yield put(profileUpdateReceived(null));
  } catch (e) {
    yield put(profileUpdateFailed(toFailure(e, ACCOUNT_MESSAGES.errorOccurred)));
    if (!(e instanceof ApiError)) throw e;
  }
}

/** The change succeeds only on status 200 (spec §5); anything else is logged for support. */
function* changePassword({ payload }: ReturnType<typeof passwordChangeRequested>): Generator {
  try {
    const status = yield* callApi(accountApi.changePassword, payload);
    if (status !== 200) throw new Error(`Password change answered status ${status}`);
    yield put(passwordChangeReceived(null));
  } catch (e) {
    console.error('Failed to change password', e);
    // A leaked or too easily guessed new password is named, so the user knows to choose another (other failures keep the spec's text).
    const field = e instanceof ApiError ? e.fields.newPassword : undefined;
    const named = field === VALIDATION_MESSAGES.passwordBreached || field === VALIDATION_MESSAGES.passwordWeak ? field : null;
    yield put(passwordChangeFailed(toFailure(e, named ?? ACCOUNT_MESSAGES.passwordChangeFailed)));
  }
}

const isAlreadyConfirmed = (e: unknown) => failedWith(e, ERROR_CODES.emailAlreadyConfirmed, [409, 500]);

const selectLoggedIn = (s: RootState) => s.auth.isLoggedIn;

/**
 * Sends the confirmation letter. Already confirmed: the order flow goes on to data confirmed, the
 * settings only warn (spec §4).
 */
export function* sendConfirmationLetter({ payload }: ReturnType<typeof confirmationLetterRequested>): Generator {
  try {
    yield* callApi(accountApi.sendActivationEmail, payload.flow);
    yield put(confirmationLetterReceived(null));
  } catch (e) {
    if (isAlreadyConfirmed(e)) {
      yield put(confirmationLetterNotNeeded(ACCOUNT_MESSAGES.emailAlreadyConfirmed));
      yield put(currentUserRequested());
      if (payload.flow === 'order') yield* call([navigation, navigation.goTo], routes.dataConfirmed.path);
    } else {
      yield put(confirmationLetterFailed(toFailure(e, e instanceof ApiError && e.status === 429 ? e.message : ACCOUNT_MESSAGES.letterFailed)));
      if (!(e instanceof ApiError)) throw e;
    }
  }
}

/** Confirms with the token: closes the settings modal, or goes to data confirmed in the order flow. */
export function* confirmEmail({ payload }: ReturnType<typeof emailConfirmationRequested>): Generator {
  try {
    yield* callApi(accountApi.activate, payload.token.trim(), payload.email);
  } catch (e) {
    const notFound = failedWith(e, ERROR_CODES.confirmationTokenNotFound, [404, 500, 400]) || failedWith(e, ERROR_CODES.validationFailed);
    yield put(emailConfirmationFailed(toFailure(e, notFound ? ACCOUNT_MESSAGES.tokenNotFound : ACCOUNT_MESSAGES.confirmFailed)));
    if (!(e instanceof ApiError)) throw e;
    return;
  }
  yield put(emailConfirmationReceived(null));
  if (yield* select(selectLoggedIn)) yield put(currentUserRequested());
  if (payload.flow === 'order') yield* call([navigation, navigation.goTo], routes.dataConfirmed.path);
}

export function* accountSaga(): Generator {
  yield all([
    takeLatest(profileUpdateRequested, updateProfile),
    takeLatest(passwordChangeRequested, changePassword),
    takeLatest(confirmationLetterRequested, sendConfirmationLetter),
    takeLatest(emailConfirmationRequested, confirmEmail),
  ]);
}
