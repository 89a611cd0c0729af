import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { logout } from '@/features/auth';
import { Status } from '@/lib/status';
import type { NurseSlotDto } from '@/lib/types/api';
import type {
  AnalysisResultDetailDto,
  OrderDetailDto,
  OrderSummaryDto,
  PatientResultsDto,
  TestResultDto,
  TestResultSummaryDto,
} from '@/lib/types/results';

/**
 * The patient's orders and test results. Every loaded thing is a resource under a key
 * (`testResult:5`, `patientResults:5:7` ...) with its own status, so pages at different levels load
 * independently and keep what they had while reloading.
 */
export interface ResourceData {
  testResults: TestResultSummaryDto[];
  testResult: TestResultDto;
  patientResults: PatientResultsDto;
  analysisResult: AnalysisResultDetailDto;
  orders: OrderSummaryDto[];
  order: OrderDetailDto;
}
export type ResourceKind = keyof ResourceData;

export interface Resource<T = unknown> {
  status: Status;
  data: T | null;
  error: string | null;
  /** HTTP status of the failure (404: not found, no retry). */
  httpStatus: number | null;
}

export interface ResultsState {
  status: Status;
  resources: Record<string, Resource>;
  /** Cancel or visit move of an order. */
  visitChange: { status: Status; error: string | null };
  slots: { status: Status; laboratoryId: string | null; items: NurseSlotDto[] };
}

const initialState: ResultsState = {
  status: Status.INITIAL,
  resources: {},
  visitChange: { status: Status.INITIAL, error: null },
  slots: { status: Status.INITIAL, laboratoryId: null, items: [] },
};

export const resourceKey = (kind: ResourceKind, params: readonly number[] = []): string => [kind, ...params].join(':');

export const emptyResource: Resource<never> = { status: Status.INITIAL, data: null, error: null, httpStatus: null };

const resultsSlice = createSlice({
  name: 'results',
  initialState,
  reducers: {
    resourceRequested(state, action: PayloadAction<{ kind: ResourceKind; params?: number[] }>) {
      const key = resourceKey(action.payload.kind, action.payload.params);
      const prev = state.resources[key];
      state.resources[key] = { status: Status.LOADING, data: prev?.data ?? null, error: null, httpStatus: null };
    },
    resourceReceived(state, action: PayloadAction<{ key: string; data: unknown }>) {
      state.resources[action.payload.key] = { status: Status.SUCCESS, data: action.payload.data, error: null, httpStatus: null };
    },
    resourceFailed(state, action: PayloadAction<{ key: string; error: string; httpStatus: number | null }>) {
      const prev = state.resources[action.payload.key];
      state.resources[action.payload.key] = { status: Status.ERROR, data: prev?.data ?? null, error: action.payload.error, httpStatus: action.payload.httpStatus };
    },
    cancelRequested(state, _action: PayloadAction<{ orderId: number }>) {
      state.visitChange = { status: Status.LOADING, error: null };
    },
    rescheduleRequested(state, _action: PayloadAction<{ orderId: number; slotId: number }>) {
      state.visitChange = { status: Status.LOADING, error: null };
    },
    visitChanged(state, action: PayloadAction<OrderDetailDto>) {
      state.visitChange = { status: Status.SUCCESS, error: null };
      state.resources[resourceKey('order', [action.payload.id])] = { status: Status.SUCCESS, data: action.payload, error: null, httpStatus: null };
      delete state.resources[resourceKey('orders')];
    },
    visitChangeFailed(state, action: PayloadAction<string>) {
      state.visitChange = { status: Status.ERROR, error: action.payload };
    },
    visitChangeReset(state) {
      state.visitChange = { status: Status.INITIAL, error: null };
    },
    slotsRequested(state, action: PayloadAction<{ laboratoryId: string; from: string; to: string }>) {
      state.slots = { status: Status.LOADING, laboratoryId: action.payload.laboratoryId, items: state.slots.items };
    },
    slotsReceived(state, action: PayloadAction<NurseSlotDto[]>) {
      state.slots.status = Status.SUCCESS;
      state.slots.items = action.payload;
    },
    slotsFailed(state) {
      state.slots.status = Status.ERROR;
    },
  },
  extraReducers: (builder) => {
    // Nothing of the previous user stays after sign-out.
    builder.addCase(logout, () => initialState);
  },
});

export const {
  resourceRequested,
  resourceReceived,
  resourceFailed,
  cancelRequested,
  rescheduleRequested,
  visitChanged,
  visitChangeFailed,
  visitChangeReset,
  slotsRequested,
  slotsReceived,
  slotsFailed,
} = resultsSlice.actions;

/** The typed resource of a kind (INITIAL when never requested). */
export function selectResource<K extends ResourceKind>(state: { results: ResultsState }, kind: K, params: readonly number[] = []): Resource<ResourceData[K]> {
  return (state.results.resources[resourceKey(kind, params)] as Resource<ResourceData[K]> | undefined) ?? emptyResource;
}

export default resultsSlice.reducer;
