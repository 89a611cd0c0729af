import { call, cancel, fork, put, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { eventChannel, type EventChannel, type Task } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { logout } from '@/features/auth';
import { openEventStream } from '@/lib/eventStream';
import type { OrderChangeEventDto } from '@/shared/types/order';
import { toFailure } from '@/lib/store/resource';
import { callApi } from '@/store/callApi';
import { ordersApi } from './ordersApi';
import {
  cancelRequested,
  orderFailed,
  orderLiveUpdated,
  orderReceived,
  orderWatchStarted,
  orderWatchStopped,
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

/** The `order` events of the order's stream (`GET orders/{id}/events`), until the channel is closed. */
export function orderEvents(orderId: number): EventChannel<OrderChangeEventDto> {
  return eventChannel<OrderChangeEventDto>((emit) =>
    openEventStream(`orders/${orderId}/events`, (e) => {
      if (e.type !== 'order') return;
      try {
        emit(JSON.parse(e.data) as OrderChangeEventDto);
      } catch {
        // A malformed event is skipped; the next one carries the whole state again.
      }
    }),
  );
}

function* followOrder(orderId: number): Generator {
  const channel = (yield call(orderEvents, orderId)) as EventChannel<OrderChangeEventDto>;
  try {
    for (;;) {
      const event = (yield take(channel)) as OrderChangeEventDto;
      yield put(orderLiveUpdated({ ...event, orderId }));
    }
  } finally {
    channel.close();
  }
}

/**
 * The one place an order's event stream is opened: one stream per order however many pages follow
 * it (counted), closed when the last one stops or the user signs out.
 */
function* watchOrders(): Generator {
  const following = new Map<number, { task: Task; pages: number }>();
  for (;;) {
    const action = (yield take([orderWatchStarted, orderWatchStopped, logout])) as PayloadAction<{ orderId: number } | undefined>;
    if (logout.match(action)) {
      for (const { task } of following.values()) yield cancel(task);
      following.clear();
      continue;
    }
    const { orderId } = action.payload as { orderId: number };
    const current = following.get(orderId);
    if (orderWatchStarted.match(action)) {
      if (current) current.pages += 1;
      else following.set(orderId, { task: (yield fork(followOrder, orderId)) as Task, pages: 1 });
    } else if (current && --current.pages <= 0) {
      following.delete(orderId);
      yield cancel(current.task);
    }
  }
}

/** The orders domain's watchers. */
export function* ordersSaga(): Generator {
  yield takeEvery(ordersRequested, loadOrders);
  yield takeEvery(orderRequested, loadOrder);
  yield takeLatest(cancelRequested, cancelOrder);
  yield takeLatest(rescheduleRequested, rescheduleOrder);
  yield takeLatest(slotsRequested, loadSlots);
  yield fork(watchOrders);
}
