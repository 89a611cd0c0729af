import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { logout } from '@/features/auth';
import { Status } from '@/lib/status';
import { fail, resource, resourceReducers, startLoading, succeed, type Failure, type Resource } from '@/lib/store/resource';
import type { OrderStatusDto, StaffOrderDetailDto, StaffOrderDto } from '@/shared/types/results';
import type { ResultEntry } from '@/shared/validation/results';

/** The lab staff console: the day's orders of the staff member's laboratory and one order being worked on. */
export interface StaffState {
  date: string | null;
  orders: Resource<StaffOrderDto[]>;
  order: Resource<StaffOrderDetailDto | null>;
  /** A status change or result save in progress; `patientId` says whose results are saved. */
  action: Resource<null> & { kind: 'status' | 'results' | null; patientId: number | null };
}

const initialState: StaffState = {
  date: null,
  orders: resource([]),
  order: resource(null),
  action: { ...resource(null), kind: null, patientId: null },
};

const staffSlice = createSlice({
  name: 'staff',
  initialState,
  reducers: {
    staffOrdersRequested(state, action: PayloadAction<string>) {
      if (state.date !== action.payload) state.orders.data = [];
      state.date = action.payload;
      startLoading(state.orders);
    },
    staffOrdersReceived(state, action: PayloadAction<{ date: string; items: StaffOrderDto[] }>) {
      if (action.payload.date === state.date) succeed(state.orders, action.payload.items);
    },
    staffOrdersFailed(state, action: PayloadAction<Failure>) {
      fail(state.orders, action.payload);
    },
    ...resourceReducers<StaffState, StaffOrderDetailDto, number>()('staffOrder', (s) => s.order, {
      requested: (state, id) => {
        if (state.order.data?.id !== id) state.order.data = null;
      },
    }),
    statusChangeRequested(state, _action: PayloadAction<{ orderId: number; status: OrderStatusDto }>) {
      state.action = { ...resource(null), status: Status.LOADING, kind: 'status', patientId: null };
    },
    resultsSaveRequested(state, action: PayloadAction<{ orderId: number; patientId: number; entries: ResultEntry[] }>) {
      state.action = { ...resource(null), status: Status.LOADING, kind: 'results', patientId: action.payload.patientId };
    },
    staffActionSucceeded(state, action: PayloadAction<StaffOrderDetailDto>) {
      succeed(state.action, null);
      succeed(state.order, action.payload);
    },
    staffActionFailed(state, action: PayloadAction<Failure>) {
      fail(state.action, action.payload);
    },
  },
  extraReducers: (builder) => {
    // Nothing of the previous user stays after sign-out.
    builder.addCase(logout, () => initialState);
  },
});

export const {
  staffOrdersRequested,
  staffOrdersReceived,
  staffOrdersFailed,
  staffOrderRequested,
  staffOrderReceived,
  staffOrderFailed,
  statusChangeRequested,
  resultsSaveRequested,
  staffActionSucceeded,
  staffActionFailed,
} = staffSlice.actions;

export default staffSlice.reducer;
