import { put, takeEvery, takeLatest } from 'redux-saga/effects';
import { call, select } from 'typed-redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { callApi } from '@/store/callApi';
import type { RootState } from '@/store/makeStore';
import { appStarted } from '@/store/appActions';
import { loggedIn, logout } from '@/features/auth';
import { activeLaboratorySet } from '@/features/lab';
import type { CartDto } from '@/shared/types/api';
import { cartApi, type AddRequest } from './cartApi';
import { stripAddFlowQueryOnReload } from './addFlowQuery';
import {
  addToCartAnswered,
  addToCartFailed,
  addToCartRequested,
  cartCleared,
  cartFailed,
  cartLoadRequested,
  cartMutated,
  cartMutationFailed,
  cartReceived,
  cartRequested,
  materialDecisionMade,
  removeAnalysisRequested,
  removePatientAnalysisRequested,
  removePatientRequested,
  resetCartRequested,
} from './cartSlice';
import { toFailure } from '@/lib/store/resource';

const selectLab = (s: RootState) => s.lab.activeLaboratoryId;
const selectLoggedIn = (s: RootState) => s.auth.isLoggedIn;

/** Loads the cart on start, on login/logout and when the laboratory changes (prices follow it). */
export function* loadCart(): Generator {
  const isLoggedIn = yield* select(selectLoggedIn);
  if (!isLoggedIn) {
    yield put(cartCleared());
    return;
  }
  yield put(cartLoadRequested());
  try {
    const lab = yield* select(selectLab);
    const cart = yield* callApi(cartApi.getCart, lab);
    yield put(cartReceived(cart));
  } catch (e) {
    yield put(cartFailed(toFailure(e)));
  }
}

function* add(action: PayloadAction<AddRequest>): Generator {
  try {
    const lab = yield* select(selectLab);
    const res = yield* callApi(cartApi.add, action.payload, lab);
    yield put(addToCartAnswered(res));
  } catch (e) {
    yield put(addToCartFailed(toFailure(e)));
  }
}

/** Resends the pending add with the optional-material decision merged in (by the reducer). */
function* resendWithDecision(): Generator {
  const pending = yield* select((s: RootState) => s.cart.pendingAdd);
  if (pending) yield put(addToCartRequested(pending));
}

function* mutate(action: PayloadAction<unknown>): Generator {
  try {
    const lab = yield* select(selectLab);
    let cart: CartDto;
    if (removePatientAnalysisRequested.match(action)) {
      cart = yield* callApi(cartApi.removePatientAnalysis, action.payload.patientId, action.payload.analysisId, lab);
    } else if (removePatientRequested.match(action)) {
      cart = yield* callApi(cartApi.removePatient, action.payload.patientId, lab);
    } else if (removeAnalysisRequested.match(action)) {
      cart = yield* callApi(cartApi.removeAnalysis, action.payload.analysisId, lab);
    } else {
      cart = yield* callApi(cartApi.reset, lab);
    }
    yield put(cartMutated(cart));
  } catch (e) {
    yield put(cartMutationFailed(toFailure(e)));
  }
}

function* stripFlowQuery(): Generator {
  yield* call(stripAddFlowQueryOnReload);
}

export function* cartSaga(): Generator {
  yield takeEvery(appStarted, stripFlowQuery);
  yield takeLatest([appStarted, loggedIn, logout, activeLaboratorySet, cartRequested], loadCart);
  yield takeEvery(addToCartRequested, add);
  yield takeEvery(materialDecisionMade, resendWithDecision);
  yield takeEvery([removePatientAnalysisRequested, removePatientRequested, removeAnalysisRequested, resetCartRequested], mutate);
}
