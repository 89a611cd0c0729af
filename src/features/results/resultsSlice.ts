import { createSlice, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import { logout } from '@/features/auth';
import { fail, resource, startLoading, succeed, type Failure, type Resource } from '@/lib/store/resource';
import type {
  AnalysisResultDetailDto,
  PatientResultsDto,
  TestResultDto,
  TestResultSummaryDto,
} from '@/shared/types/results';

/**
 * The patient's test results. Every loaded thing is a resource under a key
 * (`testResult:5`, `patientResults:5:7` ...) with its own status, so pages at different levels load
 * independently and keep what they had while reloading.
 */
export interface ResourceData {
  testResults: TestResultSummaryDto[];
  testResult: TestResultDto;
  patientResults: PatientResultsDto;
  analysisResult: AnalysisResultDetailDto;
}
export type ResourceKind = keyof ResourceData;

/** A resource of the domain: its data is null until first received (a 404 failure means not found). */
export type ResultsResource<T = unknown> = Resource<T | null>;

export interface ResultsState {
  resources: Record<string, ResultsResource>;
}

const initialState: ResultsState = {
  resources: {},
};

export const resourceKey = (kind: ResourceKind, params: readonly number[] = []): string => [kind, ...params].join(':');

const emptyResource: ResultsResource<never> = resource(null);

/** The resource under `key`, created INITIAL when new. */
function at(state: Draft<ResultsState>, key: string): Draft<ResultsResource> {
  return (state.resources[key] ??= resource(null));
}

const resultsSlice = createSlice({
  name: 'results',
  initialState,
  reducers: {
    resourceRequested(state, action: PayloadAction<{ kind: ResourceKind; params?: number[] }>) {
      const key = resourceKey(action.payload.kind, action.payload.params);
      startLoading(at(state, key));
    },
    resourceReceived(state, action: PayloadAction<{ key: string; data: unknown }>) {
      succeed(at(state, action.payload.key), action.payload.data);
    },
    resourceFailed(state, action: PayloadAction<{ key: string; error: Failure }>) {
      fail(at(state, action.payload.key), action.payload.error);
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
} = resultsSlice.actions;

/** The typed resource of a kind (INITIAL when never requested). */
export function selectResource<K extends ResourceKind>(state: { results: ResultsState }, kind: K, params: readonly number[] = []): ResultsResource<ResourceData[K]> {
  return (state.results.resources[resourceKey(kind, params)] as ResultsResource<ResourceData[K]> | undefined) ?? emptyResource;
}

export default resultsSlice.reducer;
