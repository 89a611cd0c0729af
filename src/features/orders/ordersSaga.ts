import { put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toFailure } from '@/lib/store/resource';
import { callApi } from '@/store/callApi';
import { ordersApi } from './ordersApi';
import {
  cancelRequested,
  orderFailed,
  orderReceived,
  orderRequested,
  ordersFailed,
  ordersReceived,
  ordersRequested,
  rescheduleRequested,
  slotsFailed,
  slotsReceived,
  slotsRequested,
  visitChanged,
  visitChangeFailed,
  type SlotsQuery,
} from './ordersSlice';

function* loadOrders(): Generator {
  try {
    const orders = yield* callApi(ordersApi.orders);
    yield put(ordersReceived(orders));
  } catch (e) {
    yield put(ordersFailed(toFailure(e)));
  }
}

function* loadOrder(action: PayloadAction<{ orderId: number }>): Generator {
  const { orderId } = action.payload;
  try {
    const order = yield* callApi(ordersApi.order, orderId);
    yield put(orderReceived(order));
  } catch (e) {
    yield put(orderFailed({ orderId, error: toFailure(e) }));
  }
}

function* cancelOrder(action: PayloadAction<{ orderId: number }>): Generator {
  try {
    const order = yield* callApi(ordersApi.cancelOrder, action.payload.orderId);
    yield put(visitChanged(order));
  } catch (e) {
    yield put(visitChangeFailed(toFailure(e)));
  }
}

function* rescheduleOrder(action: PayloadAction<{ orderId: number; slotId: number }>): Generator {
  try {
    const order = yield* callApi(ordersApi.rescheduleOrder, action.payload.orderId, action.payload.slotId);
    yield put(visitChanged(order));
  } catch (e) {
    yield put(visitChangeFailed(toFailure(e)));
  }
}

function* loadSlots(action: PayloadAction<SlotsQuery>): Generator {
  try {
    const { laboratoryId, from, to, forCart } = action.payload;
    const slots = yield* callApi(ordersApi.nurseSlots, laboratoryId, from, to, forCart ?? false);
    yield put(slotsReceived(slots));
  } catch (e) {
    yield put(slotsFailed(toFailure(e)));
  }
}

/** The orders domain's watchers. */
export function* ordersSaga(): Generator {
  yield takeEvery(ordersRequested, loadOrders);
  yield takeEvery(orderRequested, loadOrder);
  yield takeLatest(cancelRequested, cancelOrder);
  yield takeLatest(rescheduleRequested, rescheduleOrder);
  yield takeLatest(slotsRequested, loadSlots);
}
