import { needsLaboratory } from '@/lib/routes';
import { put, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { call, select } from 'typed-redux-saga';
import Cookies from 'js-cookie';
import { callApi } from '@/store/callApi';
import type { RootState } from '@/store/makeStore';
import { ApiError } from '@/lib/apiError';
import { toFailure } from '@/lib/store/resource';
import type { Point } from '@/lib/geo';
import { LAB_COOKIE, writeStorage } from '@/shared/storage';
import { Status } from '@/lib/status';
import type { CurrentUserDto, LaboratoryDto } from '@/shared/types/api';
import { appStarted } from '@/store/appActions';
import { currentUserReceived, selectCurrentUser } from '@/features/auth';
import { labApi } from './labApi';
import {
  activeLaboratoryCleared,
  activeLaboratorySet,
  closestFound,
  positionRequested,
  laboratoryChosen,
  laboratoryFailed,
  laboratoryReceived,
  laboratoryRequested,
  laboratorySaveReceived,
  laboratorySaveFailed,
  laboratorySaveRequested,
  listFailed,
  listReceived,
  listRequested,
  noLaboratoriesFound,
  positionFailed,
  positionReceived,
  selectorClosed,
  selectorOpened,
} from './labSlice';

/** The laboratory cookie lives a year so server rendering can price the catalogue. */
const LAB_COOKIE_DAYS = 365;

const selectLab = (s: RootState) => s.lab;
const selectAuth = (s: RootState) => s.auth;

/**
 * Loads the list for the selector. A first visitor's list came with the server render
 * (src/features/shell/AppRoot.tsx, in the page's language only): the selector's first opening uses
 * it without a request; a later opening loads the list as before (all languages, fresh).
 */
function* loadList(): Generator {
  if (!serverListUsed && (yield* select(selectLab)).list.status === Status.SUCCESS) {
    serverListUsed = true;
    return;
  }
  serverListUsed = true;
  yield put(listRequested());
  try {
    const list = yield* callApi(labApi.list);
    yield put(listReceived(list));
  } catch (e) {
    yield put(listFailed(toFailure(e)));
  }
}

/** The list, loading it (or waiting for the running load) when needed. */
function* ensureList(): Generator<unknown, LaboratoryDto[], unknown> {
  let lab = yield* select(selectLab);
  if (lab.list.status === Status.LOADING) yield take([listReceived, listFailed]);
  else if (lab.list.status !== Status.SUCCESS) yield* call(loadList);
  lab = yield* select(selectLab);
  return lab.list.data;
}

/** The position and distance code, asked for by the selector's "find the closest" only (not part of the start-up sagas). */
const loadGeo = () => Promise.all([import('./geolocation'), import('@/lib/geo')]);

function* findClosest(): Generator {
  let position: Point;
  let geo: Awaited<ReturnType<typeof loadGeo>>;
  try {
    geo = yield* call(loadGeo);
  } catch (e) {
    yield put(positionFailed(toFailure(e)));
    return;
  }
  const [{ currentPosition }, { closest, NoLaboratoriesError }] = geo;
  try {
    position = yield* call(currentPosition);
  } catch (e) {
    yield put(positionFailed(toFailure(e)));
    return;
  }
  yield put(positionReceived(null));
  const list = yield* ensureList();
  try {
    const { item, miles } = closest(position, list);
    yield put(closestFound({ laboratoryId: item.id, miles }));
  } catch (e) {
    if (e instanceof NoLaboratoriesError) yield put(noLaboratoriesFound());
    else throw e;
  }
}

function* choose({ payload: id }: ReturnType<typeof laboratoryChosen>): Generator {
  yield put(activeLaboratorySet(id));
  yield put(selectorClosed());
  const auth = yield* select(selectAuth);
  const user = yield* select(selectCurrentUser);
  if (!auth.isLoggedIn || !user) return;
  yield put(laboratorySaveRequested());
  try {
    yield* callApi(labApi.saveForUser, user.id, id);
    yield put(laboratorySaveReceived(null));
  } catch (e) {
    yield put(laboratorySaveFailed(toFailure(e)));
  }
}

/** Keeps the id in the browser (storage and cookie) and loads the laboratory when it differs from the loaded one. */
function* activate({ payload: id }: ReturnType<typeof activeLaboratorySet>): Generator {
  writeStorage('activeLaboratoryId', id);
  Cookies.set(LAB_COOKIE, id, { expires: LAB_COOKIE_DAYS, sameSite: 'lax', path: '/' });
  const lab = yield* select(selectLab);
  if (lab.laboratory.data?.id === id && lab.laboratory.status === Status.SUCCESS) return;
  yield put(laboratoryRequested());
  try {
    const laboratory = yield* callApi(labApi.get, id);
    yield put(laboratoryReceived(laboratory));
  } catch (e) {
    yield put(laboratoryFailed(toFailure(e)));
    if (e instanceof ApiError && e.status === 404) {
      // The stored laboratory is gone: forget it and ask again.
      writeStorage('activeLaboratoryId', null);
      Cookies.remove(LAB_COOKIE, { path: '/' });
      yield put(activeLaboratoryCleared());
      yield put(selectorOpened());
    }
  }
}

/** The selector opens by itself when no laboratory is chosen (spec §4). */
function* openWhenMissing(): Generator {
  if (typeof window !== 'undefined' && !needsLaboratory(window.location.pathname)) return;
  const lab = yield* select(selectLab);
  if (!lab.activeLaboratoryId && !lab.selectorOpen) yield put(selectorOpened());
}

/** A user who chose a laboratory on another device gets it here too. */
function* adoptUsersLaboratory({ payload }: ReturnType<typeof currentUserReceived>): Generator {
  const laboratoryId = (payload as Partial<CurrentUserDto>).laboratoryId;
  const lab = yield* select(selectLab);
  if (laboratoryId && !lab.activeLaboratoryId) {
    yield put(activeLaboratorySet(laboratoryId));
    yield put(selectorClosed());
  }
}

let serverListUsed = false;

export function* labSaga(): Generator {
  serverListUsed = false;
  yield takeLatest(selectorOpened, loadList);
  yield takeLatest(positionRequested, findClosest);
  yield takeEvery(laboratoryChosen, choose);
  yield takeLatest(activeLaboratorySet, activate);
  yield takeEvery(appStarted, openWhenMissing);
  yield takeEvery(currentUserReceived, adoptUsersLaboratory);
}
