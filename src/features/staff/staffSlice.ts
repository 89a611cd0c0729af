import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { logout } from '@/features/auth';
import { Status } from '@/lib/status';
import type { OrderStatusDto, StaffOrderDetailDto, StaffOrderDto } from '@/lib/types/results';
import type { ResultEntry } from '@/lib/validation/results';

/** The lab staff console: the day's orders of the staff member's laboratory and one order being worked on. */
export interface Failure {
  message: string;
  httpStatus: number | null;
  fields: Record<string, string>;
}

export interface StaffState {
  date: string | null;
  orders: { status: Status; items: StaffOrderDto[]; failure: Failure | null };
  order: { status: Status; data: StaffOrderDetailDto | null; failure: Failure | null };
  /** A status change or result save in progress; `patientId` says whose results are saved. */
  action: { status: Status; kind: 'status' | 'results' | null; patientId: number | null; failure: Failure | null };
}

const initialState: StaffState = {
  date: null,
  orders: { status: Status.INITIAL, items: [], failure: null },
  order: { status: Status.INITIAL, data: null, failure: null },
  action: { status: Status.INITIAL, kind: null, patientId: null, failure: null },
};

const staffSlice = createSlice({
  name: 'staff',
  initialState,
  reducers: {
    staffOrdersRequested(state, action: PayloadAction<string>) {
      if (state.date !== action.payload) state.orders.items = [];
      state.date = action.payload;
      state.orders.status = Status.LOADING;
      state.orders.failure = null;
    },
    staffOrdersReceived(state, action: PayloadAction<{ date: string; items: StaffOrderDto[] }>) {
      if (action.payload.date !== state.date) return;
      state.orders = { status: Status.SUCCESS, items: action.payload.items, failure: null };
    },
    staffOrdersFailed(state, action: PayloadAction<Failure>) {
      state.orders.status = Status.ERROR;
      state.orders.failure = action.payload;
    },
    staffOrderRequested(state, action: PayloadAction<number>) {
      if (state.order.data?.id !== action.payload) state.order.data = null;
      state.order.status = Status.LOADING;
      state.order.failure = null;
    },
    staffOrderReceived(state, action: PayloadAction<StaffOrderDetailDto>) {
      state.order = { status: Status.SUCCESS, data: action.payload, failure: null };
    },
    staffOrderFailed(state, action: PayloadAction<Failure>) {
      state.order.status = Status.ERROR;
      state.order.failure = action.payload;
    },
    statusChangeRequested(state, _action: PayloadAction<{ orderId: number; status: OrderStatusDto }>) {
      state.action = { status: Status.LOADING, kind: 'status', patientId: null, failure: null };
    },
    resultsSaveRequested(state, action: PayloadAction<{ orderId: number; patientId: number; entries: ResultEntry[] }>) {
      state.action = { status: Status.LOADING, kind: 'results', patientId: action.payload.patientId, failure: null };
    },
    staffActionSucceeded(state, action: PayloadAction<StaffOrderDetailDto>) {
      state.action.status = Status.SUCCESS;
      state.order = { status: Status.SUCCESS, data: action.payload, failure: null };
    },
    staffActionFailed(state, action: PayloadAction<Failure>) {
      state.action.status = Status.ERROR;
      state.action.failure = action.payload;
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
