import { delay, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { call, select, take } from 'typed-redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { callApi } from '@/store/callApi';
import { navigation } from '@/store/navigation';
import type { RootState } from '@/store/makeStore';
import { ApiError, failedWith } from '@/lib/apiError';
import { routes } from '@/lib/routes';
import { appStarted } from '@/store/appActions';
import { currentUserFailed, currentUserReceived, currentUserRequested, logout } from '@/features/auth';
import { loadCart, cartCleared } from '@/features/cart';
import { followRedirect } from '@/features/payments';
import type { CreateOrderInput } from '@/shared/validation/order';
import { ERROR_CODES } from '@/shared/errorCodes';
import { toFailure } from '@/lib/store/resource';
import { checkoutApi } from './checkoutApi';
import {
  checkoutFailed,
  checkoutRequested,
  checkoutReceived,
  coverageFailed,
  coverageReceived,
  coverageRequested,
  promoReceived,
  promoFailed,
  promoRequested,
  idempotencyKeyCreated,
  orderAddressSaved,
  checkoutRestored,
  submitFailed,
  submitRequested,
  submitSucceeded,
  visitTimeChosen,
  type CoverageQuery,
  type PersistedCheckout,
} from './checkoutSlice';

export const CHECKOUT_STORAGE_KEY = 'labShop.checkout';
/** Where the checkout was kept before the slice was named `checkout`: read once, then moved. */
export const OLD_CHECKOUT_STORAGE_KEY = 'labShop.order';

const selectCheckout = (s: RootState) => s.checkout;

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The kept checkout; one kept under the old key (a checkout begun before the rename) moves to the new key. */
export function readPersistedCheckout(): Partial<PersistedCheckout> | null {
  const storage = session();
  const old = storage?.getItem(OLD_CHECKOUT_STORAGE_KEY);
  if (storage && old) {
    if (!storage.getItem(CHECKOUT_STORAGE_KEY)) storage.setItem(CHECKOUT_STORAGE_KEY, old);
    storage.removeItem(OLD_CHECKOUT_STORAGE_KEY);
  }
  const raw = storage?.getItem(CHECKOUT_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Partial<PersistedCheckout>) : null;
  } catch {
    return null;
  }
}

function* restore(): Generator {
  const saved = readPersistedCheckout();
  if (saved) yield put(checkoutRestored(saved));
}

function* persist(): Generator {
  const o = yield* select(selectCheckout);
  const data: PersistedCheckout = {
    orderAddress: o.orderAddress,
    nurseCheckoutDate: o.nurseCheckoutDate,
    orderSlotId: o.orderSlotId,
    feedbackDetails: o.feedbackDetails,
    idempotencyKey: o.idempotencyKey,
    addressSaved: o.addressSaved,
  };
  session()?.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(data));
}

function* forget(): Generator {
  session()?.removeItem(CHECKOUT_STORAGE_KEY);
  session()?.removeItem(OLD_CHECKOUT_STORAGE_KEY);
  yield put(checkoutRestored({ nurseCheckoutDate: null, orderSlotId: null, idempotencyKey: null }));
}

/** Asked while the user types: the latest postal code wins, after a short pause. */
function* loadCoverage(action: PayloadAction<CoverageQuery>): Generator {
  try {
    yield delay(250);
    const { laboratoryId, country, postalCode } = action.payload;
    const coverage = yield* callApi(checkoutApi.coverage, laboratoryId, country, postalCode);
    yield put(coverageReceived(coverage));
  } catch (e) {
    yield put(coverageFailed(toFailure(e)));
  }
}

/** A refused or used-up promo code. */
const promoRefused = (e: unknown): boolean =>
  failedWith(e, ERROR_CODES.promoCodeRefused) || failedWith(e, ERROR_CODES.promoCodeUsedUp) || failedWith(e, ERROR_CODES.promoCodeUserLimit);

function* applyPromo(action: PayloadAction<string>): Generator {
  const laboratoryId = yield* select((s: RootState) => s.lab.activeLaboratoryId);
  try {
    if (!laboratoryId) throw new ApiError('Choose a laboratory first', null, {}, ERROR_CODES.laboratoryRequired);
    const quote = yield* callApi(checkoutApi.promo, laboratoryId, action.payload.trim());
    yield put(promoReceived(quote));
  } catch (e) {
    yield put(promoFailed(toFailure(e)));
  }
}

/**
 * Spec §4 Checkout: the data is saved, the current user read again (by the session's own load, whose
 * answer or failure is waited for), then the e-mail check decides.
 */
function* checkout(): Generator {
  try {
    yield* call(persist);
  } catch (e) {
    yield put(checkoutFailed(toFailure(e)));
    return;
  }
  yield put(currentUserRequested());
  const answer = yield* take([currentUserReceived, currentUserFailed]);
  if (currentUserFailed.match(answer)) {
    yield put(checkoutFailed(answer.payload));
    return;
  }
  yield put(checkoutReceived(null));
  yield* call([navigation, navigation.goTo], answer.payload.emailConfirmed ? routes.dataConfirmed.path : routes.confirmEmailInOrder.path);
}

function newKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

function* submit(): Generator {
  let o = yield* select(selectCheckout);
  if (!o.idempotencyKey) {
    yield put(idempotencyKeyCreated(newKey()));
    yield* call(persist);
    o = yield* select(selectCheckout);
  }
  const laboratoryId = yield* select((s: RootState) => s.lab.activeLaboratoryId);
  if (!laboratoryId || o.orderSlotId === null || !o.nurseCheckoutDate) {
    yield put(submitFailed({ failure: toFailure(new Error('Choose a visit time')), slotFull: true }));
    yield* call([navigation, navigation.goTo], routes.nurseCheckoutTime.path);
    return;
  }
  const input: CreateOrderInput = {
    laboratoryId,
    nurseCheckoutDate: o.nurseCheckoutDate,
    orderSlotId: o.orderSlotId,
    orderAddress: o.orderAddress,
    feedbackDetails: o.feedbackDetails,
    ...(o.promo.data ? { promoCode: o.promo.data.promoCode } : {}),
  };
  // The method the summary chose (paymentChoice, src/shared), not decided again here; none: the server's default.
  const paymentMethod = o.paymentMethod ?? undefined;
  try {
    const res = yield* callApi(checkoutApi.create, { ...input, ...(paymentMethod ? { paymentMethod } : {}) }, o.idempotencyKey as string);
    yield put(submitSucceeded());
    // The server emptied the cart with the order: show it empty at once, then reload it.
    yield put(cartCleared());
    yield* call(persist);
    // An operator's page (another origin) is a full navigation; the shop's own pages go through the router.
    yield* call(followRedirect, res.redirectUrl);
    yield* call(loadCart);
  } catch (e) {
    const slotFull = failedWith(e, ERROR_CODES.slotFull);
    // A code refused or used up meanwhile is dropped: the summary shows why and the full price; the cart is untouched.
    if (promoRefused(e)) yield put(promoFailed(toFailure(e)));
    yield put(submitFailed({ failure: toFailure(e), slotFull }));
    if (slotFull) {
      yield* call(persist);
      yield* call([navigation, navigation.goTo], routes.nurseCheckoutTime.path);
    }
  }
}

export function* checkoutSaga(): Generator {
  yield takeEvery(appStarted, restore);
  yield takeEvery([orderAddressSaved, visitTimeChosen, idempotencyKeyCreated], persist);
  yield takeEvery(logout, forget);
  yield takeLatest(coverageRequested, loadCoverage);
  yield takeLatest(promoRequested, applyPromo);
  yield takeLatest(checkoutRequested, checkout);
  yield takeLatest(submitRequested, submit);
}
