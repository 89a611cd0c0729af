import { put, takeEvery } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toFailure } from '@/lib/store/resource';
import { callApi } from '@/store/callApi';
import { resultsApi } from './resultsApi';
import { resourceFailed, resourceKey, resourceReceived, resourceRequested, type ResourceKind } from './resultsSlice';

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

/** The results domain's watchers. */
export function* resultsSaga(): Generator {
  yield takeEvery(resourceRequested, loadResource);
}
