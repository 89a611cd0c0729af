import { put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toFailure } from '@/lib/store/resource';
import { callApi } from '@/store/callApi';
import { resultsApi } from './resultsApi';
import {
  cancelRequested,
  rescheduleRequested,
  resourceFailed,
  resourceKey,
  resourceReceived,
  resourceRequested,
  slotsFailed,
  slotsReceived,
  slotsRequested,
  visitChanged,
  visitChangeFailed,
  type ResourceKind,
  type SlotsQuery,
} from './resultsSlice';

function fetcher(kind: ResourceKind, p: number[]): () => Promise<unknown> {
  const [a = 0, b = 0, c = 0] = p;
  switch (kind) {
    case 'testResults':
      return () => resultsApi.testResults();
    case 'testResult':
      return () => resultsApi.testResult(a);
    case 'patientResults':
      return () => resultsApi.patientResults(a, b);
    case 'analysisResult':
      return () => resultsApi.analysisResult(a, b, c);
    case 'orders':
      return () => resultsApi.orders();
    case 'order':
      return () => resultsApi.order(a);
  }
}

export function* loadResource(action: PayloadAction<{ kind: ResourceKind; params?: number[] }>): Generator {
  const { kind, params = [] } = action.payload;
  const key = resourceKey(kind, params);
  try {
    const data = yield* callApi(fetcher(kind, params));
    yield put(resourceReceived({ key, data }));
  } catch (e) {
    yield put(resourceFailed({ key, error: toFailure(e) }));
  }
}

function* cancelOrder(action: PayloadAction<{ orderId: number }>): Generator {
  try {
    const order = yield* callApi(resultsApi.cancelOrder, action.payload.orderId);
    yield put(visitChanged(order));
  } catch (e) {
    yield put(visitChangeFailed(toFailure(e)));
  }
}

function* rescheduleOrder(action: PayloadAction<{ orderId: number; slotId: number }>): Generator {
  try {
    const order = yield* callApi(resultsApi.rescheduleOrder, action.payload.orderId, action.payload.slotId);
    yield put(visitChanged(order));
  } catch (e) {
    yield put(visitChangeFailed(toFailure(e)));
  }
}

function* loadSlots(action: PayloadAction<SlotsQuery>): Generator {
  try {
    const { laboratoryId, from, to } = action.payload;
    const slots = yield* callApi(resultsApi.nurseSlots, laboratoryId, from, to);
    yield put(slotsReceived(slots));
  } catch (e) {
    yield put(slotsFailed(toFailure(e)));
  }
}

/** The results domain's watchers. */
export function* resultsSaga(): Generator {
  yield takeEvery(resourceRequested.type, loadResource);
  yield takeLatest(cancelRequested.type, cancelOrder);
  yield takeLatest(rescheduleRequested.type, rescheduleOrder);
  yield takeLatest(slotsRequested.type, loadSlots);
}
