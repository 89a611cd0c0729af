import { put, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toFailure } from '@/lib/store/resource';
import type { OrderStatusDto } from '@/shared/types/results';
import type { ResultEntry } from '@/shared/validation/results';
import { callApi } from '@/store/callApi';
import { staffApi } from './staffApi';
import {
  resultsSaveRequested,
  staffActionFailed,
  staffActionSucceeded,
  staffOrderFailed,
  staffOrderReceived,
  staffOrderRequested,
  staffOrdersFailed,
  staffOrdersReceived,
  staffOrdersRequested,
  statusChangeRequested,
} from './staffSlice';

function* loadOrders(action: PayloadAction<string>): Generator {
  try {
    const items = yield* callApi(staffApi.orders, action.payload);
    yield put(staffOrdersReceived({ date: action.payload, items }));
  } catch (e) {
    yield put(staffOrdersFailed(toFailure(e)));
  }
}

function* loadOrder(action: PayloadAction<number>): Generator {
  try {
    const order = yield* callApi(staffApi.order, action.payload);
    yield put(staffOrderReceived(order));
  } catch (e) {
    yield put(staffOrderFailed(toFailure(e)));
  }
}

function* changeStatus(action: PayloadAction<{ orderId: number; status: OrderStatusDto }>): Generator {
  try {
    const order = yield* callApi(staffApi.setStatus, action.payload.orderId, action.payload.status);
    yield put(staffActionSucceeded(order));
  } catch (e) {
    yield put(staffActionFailed(toFailure(e)));
  }
}

function* saveResults(action: PayloadAction<{ orderId: number; entries: ResultEntry[] }>): Generator {
  try {
    const order = yield* callApi(staffApi.saveResults, action.payload.orderId, action.payload.entries);
    yield put(staffActionSucceeded(order));
  } catch (e) {
    yield put(staffActionFailed(toFailure(e)));
  }
}

/** The staff console's watchers. */
export function* staffSaga(): Generator {
  yield takeLatest(staffOrdersRequested, loadOrders);
  yield takeLatest(staffOrderRequested, loadOrder);
  yield takeLatest(statusChangeRequested, changeStatus);
  yield takeLatest(resultsSaveRequested, saveResults);
}
