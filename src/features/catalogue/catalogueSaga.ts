import { all, delay, put, takeLatest } from 'redux-saga/effects';
import { cancelled, select } from 'typed-redux-saga';
import { callApi } from '@/store/callApi';
import type { RootState } from '@/store/makeStore';
import { toFailure } from '@/lib/store/resource';
import { Status } from '@/lib/status';
import { activeLaboratorySet } from '@/features/lab';
import { catalogueApi } from './catalogueApi';
import { profileListItem } from './rules';
import {
  analysesFailed,
  analysesLoading,
  analysesReceived,
  analysesRequested,
  analysisFailed,
  analysisReceived,
  analysisRequested,
  profileFailed,
  profileReceived,
  profileRequested,
  profilesFailed,
  profilesLoading,
  profilesReceived,
  profilesRequested,
  searchFailed,
  searchReceived,
  searchRetried,
  searchTermChanged,
  type CatalogueState,
} from './catalogueSlice';

/** Pause after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 300;

const selectActiveLaboratoryId = (s: RootState) => s.lab.activeLaboratoryId;
const selectCatalogue = (s: RootState): CatalogueState => s.catalogue;

/** Analyses are fetched only when an active laboratory exists (spec §4). */
function* loadAnalyses(): Generator {
  const laboratoryId = yield* select(selectActiveLaboratoryId);
  if (!laboratoryId) return;
  yield put(analysesLoading(laboratoryId));
  try {
    const data = yield* callApi(catalogueApi.analyses, laboratoryId);
    yield put(analysesReceived({ laboratoryId, data }));
  } catch (e) {
    yield put(analysesFailed(toFailure(e)));
  }
}

function* loadProfiles(): Generator {
  const laboratoryId = yield* select(selectActiveLaboratoryId);
  if (!laboratoryId) return;
  yield put(profilesLoading(laboratoryId));
  try {
    const data = yield* callApi(catalogueApi.profiles, laboratoryId);
    yield put(profilesReceived({ laboratoryId, data: data.map(profileListItem) }));
  } catch (e) {
    yield put(profilesFailed(toFailure(e)));
  }
}

/**
 * Searches the current term. Typing restarts this task (takeLatest): the pause is cut short and a
 * request already sent is aborted, so a stale answer never replaces a newer one.
 */
function* search(action: { type: string }): Generator {
  if (searchTermChanged.match(action)) yield delay(SEARCH_DEBOUNCE_MS);
  const { search: current } = yield* select(selectCatalogue);
  const term = current.term.trim();
  if (!term) return;
  const laboratoryId = yield* select(selectActiveLaboratoryId);
  const controller = new AbortController();
  try {
    const data = yield* callApi(catalogueApi.search, term, laboratoryId, controller.signal);
    yield put(searchReceived({ term: current.term, laboratoryId, data }));
  } catch (e) {
    yield put(searchFailed(toFailure(e)));
  } finally {
    if (yield* cancelled()) controller.abort();
  }
}

function* loadAnalysis({ payload: id }: ReturnType<typeof analysisRequested>): Generator {
  const laboratoryId = yield* select(selectActiveLaboratoryId);
  try {
    const data = yield* callApi(catalogueApi.analysis, id, laboratoryId);
    yield put(analysisReceived({ laboratoryId, data }));
  } catch (e) {
    yield put(analysisFailed(toFailure(e)));
  }
}

function* loadProfile({ payload: id }: ReturnType<typeof profileRequested>): Generator {
  const laboratoryId = yield* select(selectActiveLaboratoryId);
  try {
    const data = yield* callApi(catalogueApi.profile, id, laboratoryId);
    yield put(profileReceived({ laboratoryId, data }));
  } catch (e) {
    yield put(profileFailed(toFailure(e)));
  }
}

/**
 * A new active laboratory: reload what carries prices of another laboratory (the lists, the search
 * results and the open cards). Data already loaded for this laboratory (e.g. rendered on the server)
 * is kept.
 */
function* reloadForLaboratory({ payload: laboratoryId }: ReturnType<typeof activeLaboratorySet>): Generator {
  const c = yield* select(selectCatalogue);
  const stale = (status: Status, forLab: string | null) => forLab !== laboratoryId || status === Status.ERROR || status === Status.INITIAL;
  const effects = [];
  if (stale(c.analyses.status, c.analyses.laboratoryId)) effects.push(put(analysesRequested()));
  if (stale(c.profiles.status, c.profiles.laboratoryId)) effects.push(put(profilesRequested()));
  if (c.search.term.trim() && c.search.status === Status.SUCCESS && c.search.laboratoryId !== laboratoryId) effects.push(put(searchRetried()));
  if (c.analysis.id !== null && c.analysis.data && c.analysis.laboratoryId !== laboratoryId) effects.push(put(analysisRequested(c.analysis.id)));
  if (c.profile.id !== null && c.profile.data && c.profile.laboratoryId !== laboratoryId) effects.push(put(profileRequested(c.profile.id)));
  yield all(effects);
}

export function* catalogueSaga(): Generator {
  yield takeLatest(activeLaboratorySet, reloadForLaboratory);
  yield takeLatest(analysesRequested, loadAnalyses);
  yield takeLatest(profilesRequested, loadProfiles);
  yield takeLatest([searchTermChanged, searchRetried], search);
  yield takeLatest(analysisRequested, loadAnalysis);
  yield takeLatest(profileRequested, loadProfile);
}
