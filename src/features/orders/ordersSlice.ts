import { createAction, createSlice, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import { logout } from '@/features/auth';
import { fail, reset, resource, resourceReducers, startLoading, succeed, type Failure, type Resource } from '@/lib/store/resource';
import type { NurseSlotDto } from '@/shared/types/api';
import type { OrderDetailDto, OrderSummaryDto } from '@/shared/types/results';
import type { OrderChangeEventDto } from '@/shared/types/order';
import { canChangeVisit } from '@/shared/orderLifecycle';

export interface SlotsQuery {
  laboratoryId: string;
  from: string;
  to: string;
  /** Only the times that suit every analysis of the caller's cart (timing rules). */
  forCart?: boolean;
}

/** An order as loaded: null until first received (a 404 failure means not found). */
export type OrderResource = Resource<OrderDetailDto | null>;

/** The patient's orders: the list, each opened order by id, a cancel or visit move, and free visit times. */
export interface OrdersState {
  orders: Resource<OrderSummaryDto[] | null>;
  /** Orders opened, by id: each page keeps what it had while reloading. */
  order: Record<number, OrderResource>;
  /** Cancel or visit move of an order. */
  visitChange: Resource<null>;
  /** Free visit times offered for a move. */
  slots: Resource<NurseSlotDto[]>;
}

const initialState: OrdersState = {
  orders: resource(null),
  order: {},
  visitChange: resource(null),
  slots: resource([]),
};

const emptyOrder: OrderResource = resource(null);

/** A page follows the order live (its event stream, opened by the saga) until `orderWatchStopped`; pages may overlap. */
export const orderWatchStarted = createAction<{ orderId: number }>('orders/orderWatchStarted');
export const orderWatchStopped = createAction<{ orderId: number }>('orders/orderWatchStopped');

/** The order's resource, created INITIAL when new. */
function orderAt(state: Draft<OrdersState>, orderId: number): Draft<OrderResource> {
  return (state.order[orderId] ??= resource(null));
}

const ordersSlice = createSlice({
  name: 'orders',
  initialState,
  reducers: {
    ...resourceReducers<OrdersState, OrderSummaryDto[]>()('orders', (s) => s.orders),
    orderRequested(state, action: PayloadAction<{ orderId: number }>) {
      startLoading(orderAt(state, action.payload.orderId));
    },
    orderReceived(state, action: PayloadAction<OrderDetailDto>) {
      succeed(orderAt(state, action.payload.id), action.payload);
    },
    orderFailed(state, action: PayloadAction<{ orderId: number; error: Failure }>) {
      fail(orderAt(state, action.payload.orderId), action.payload.error);
    },
    /**
     * An event of the order's stream: its status, visit and payment replace the loaded ones, so every
     * reader (status chip, cancel and move, visit timeline, payment block) shows the same moment.
     */
    orderLiveUpdated: {
      reducer(state, action: PayloadAction<OrderChangeEventDto & { orderId: number; at: string }>) {
        const order = state.order[action.payload.orderId]?.data;
        if (!order) return;
        const { status, visit, payment, at } = action.payload;
        order.status = status;
        order.visit = { ...order.visit, ...visit };
        if (payment) order.payment = payment;
        // Moving or cancelling closes with the status (a collected sample) as the server's rule says.
        order.canChangeVisit = order.canChangeVisit && canChangeVisit(status, order.visit.start, new Date(at));
      },
      prepare: (payload: OrderChangeEventDto & { orderId: number }) => ({ payload: { ...payload, at: new Date().toISOString() } }),
    },
    cancelRequested(state, _action: PayloadAction<{ orderId: number }>) {
      startLoading(state.visitChange);
    },
    rescheduleRequested(state, _action: PayloadAction<{ orderId: number; slotId: number }>) {
      startLoading(state.visitChange);
    },
    visitChanged(state, action: PayloadAction<OrderDetailDto>) {
      succeed(state.visitChange, null);
      succeed(orderAt(state, action.payload.id), action.payload);
      // The list shows the order's status and visit: it loads afresh next time.
      state.orders = resource(null);
    },
    visitChangeFailed(state, action: PayloadAction<Failure>) {
      fail(state.visitChange, action.payload);
    },
    visitChangeReset(state) {
      reset(state.visitChange);
    },
    ...resourceReducers<OrdersState, NurseSlotDto[], SlotsQuery>()('slots', (s) => s.slots),
  },
  extraReducers: (builder) => {
    // Nothing of the previous user stays after sign-out.
    builder.addCase(logout, () => initialState);
  },
});

export const {
  ordersRequested,
  ordersReceived,
  ordersFailed,
  orderRequested,
  orderReceived,
  orderFailed,
  orderLiveUpdated,
  cancelRequested,
  rescheduleRequested,
  visitChanged,
  visitChangeFailed,
  visitChangeReset,
  slotsRequested,
  slotsReceived,
  slotsFailed,
} = ordersSlice.actions;

/** Free visit times last asked for (booking a visit at checkout, moving an order's visit). */
export const selectSlots = (state: { orders: OrdersState }): Resource<NurseSlotDto[]> => state.orders.slots;

/** An opened order (INITIAL when never requested). */
export const selectOrder = (state: { orders: OrdersState }, orderId: number): OrderResource => state.orders.order[orderId] ?? emptyOrder;

export default ordersSlice.reducer;
