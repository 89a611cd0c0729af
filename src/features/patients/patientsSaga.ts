import { all, put, takeLatest } from 'redux-saga/effects';
import { call, cancelled, select } from 'typed-redux-saga';
import { ApiError } from '@/lib/apiError';
import { toFailure } from '@/lib/store/resource';
import type { PatientDto } from '@/shared/types/api';
import { routes } from '@/lib/routes';
import { callApi } from '@/store/callApi';
import { navigation } from '@/store/navigation';
import type { RootState } from '@/store/makeStore';
import { patientsApi } from './patientsApi';
import { isNewPatient, patientToCreateBody, patientToUpdateBody } from './patientMapping';
import {
  patientFailed,
  patientReceived,
  patientRequested,
  patientSaveFailed,
  patientSaveRequested,
  patientSaveReceived,
  patientsCancelled,
  patientsFailed,
  patientsReceived,
  patientsRequested,
} from './patientsSlice';

export const PATIENT_MESSAGES = {
  saveFailed: 'Could not save the patient',
  notFound: 'Patient not found',
} as const;

function* loadPatients(): Generator {
  try {
    const items = yield* callApi(patientsApi.list);
    yield put(patientsReceived(items));
  } catch (e) {
    yield put(patientsFailed(toFailure(e)));
    if (!(e instanceof ApiError)) throw e;
  } finally {
    // Cancelled mid-way (the saga restarted): the pages that ask when the list is INITIAL would wait forever.
    if (yield* cancelled()) yield put(patientsCancelled());
  }
}

function* loadPatient({ payload: id }: ReturnType<typeof patientRequested>): Generator {
  try {
    const dto = yield* callApi(patientsApi.get, id);
    yield put(patientReceived(dto));
  } catch (e) {
    // Another user's patient is 404 as if it did not exist.
    yield put(patientFailed(toFailure(e)));
    if (!(e instanceof ApiError)) throw e;
  }
}

const selectCurrent = (s: RootState) => s.patients.current.data;

/** Create when the id is null or NEW, else update; then go to the return path or the list (spec §4). */
function* savePatient({ payload }: ReturnType<typeof patientSaveRequested>): Generator {
  const { patient, returnPath, stay } = payload;
  try {
    let saved: PatientDto;
    if (isNewPatient(patient)) {
      saved = yield* callApi(patientsApi.create, patientToCreateBody(patient), false);
    } else {
      const stored = yield* select(selectCurrent);
      const body = patientToUpdateBody(patient, stored && stored.id === patient.id ? stored : null);
      saved = yield* callApi(patientsApi.update, body);
    }
    yield put(patientSaveReceived(saved));
    if (!stay) yield* call([navigation, navigation.goTo], returnPath || routes.patientsList.path);
  } catch (e) {
    if (e instanceof ApiError) {
      yield put(patientSaveFailed(toFailure(e, e.status === 404 ? PATIENT_MESSAGES.notFound : e.message || PATIENT_MESSAGES.saveFailed)));
    } else {
      yield put(patientSaveFailed(toFailure(e, PATIENT_MESSAGES.saveFailed)));
      throw e;
    }
  }
}

export function* patientsSaga(): Generator {
  yield all([
    takeLatest(patientsRequested, loadPatients),
    takeLatest(patientRequested, loadPatient),
    takeLatest(patientSaveRequested, savePatient),
  ]);
}
