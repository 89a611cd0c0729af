import { createSlice } from '@reduxjs/toolkit';
import { reset, resource, resourceReducers, succeed, type Resource } from '@/lib/store/resource';
import type { PatientDto } from '@/shared/types/api';
import { Status } from '@/lib/status';
import { logout } from '@/features/auth';
import type { Patient } from './patientMapping';

export interface PatientsState {
  /** The list (GET patient). */
  list: Resource<PatientDto[]>;
  /** The patient being edited (GET patient/{id}); a 404 failure: it does not exist or is someone else's. */
  current: Resource<PatientDto | null>;
  /** Saving the form; the failure carries the server's field errors. */
  save: Resource<PatientDto | null>;
}

const initialState: PatientsState = {
  list: resource([]),
  current: resource(null),
  save: resource(null),
};

export interface PatientSaveRequest {
  patient: Patient;
  /** Where to go after saving (the return path), else the patients list. */
  returnPath?: string | null;
  /** Stay on the page (a patient created inside the add-to-cart flow). */
  stay?: boolean;
}

function upsert(items: PatientDto[], dto: PatientDto): PatientDto[] {
  const i = items.findIndex((p) => p.id === dto.id);
  if (i < 0) return [...items, dto];
  return items.map((p) => (p.id === dto.id ? dto : p));
}

const patientsSlice = createSlice({
  name: 'patients',
  initialState,
  reducers: {
    ...resourceReducers<PatientsState, PatientDto[]>()('patients', (s) => s.list),
    /** The load was cancelled (the saga restarted): nothing answered, so the list may be asked for again. */
    patientsCancelled(state) {
      if (state.list.status === Status.LOADING) state.list.status = Status.INITIAL;
    },
    ...resourceReducers<PatientsState, PatientDto, number>()('patient', (s) => s.current, {
      requested: (state, id) => {
        if (state.current.data?.id !== id) state.current.data = null;
        reset(state.save);
      },
      failed: (state, failure) => {
        if (failure.status === 404) state.current.data = null;
      },
    }),
    /** A fresh form (create page): forget the last save. */
    patientFormOpened(state) {
      reset(state.save);
    },
    /** The saved patient joins the list and becomes the current one. */
    ...resourceReducers<PatientsState, PatientDto, PatientSaveRequest>()('patientSave', (s) => s.save, {
      received: (state, saved) => {
        state.list.data = upsert(state.list.data, saved);
        succeed(state.current, saved);
      },
    }),
  },
  // The next user of the browser never sees the previous user's patients.
  extraReducers: (builder) => {
    builder.addCase(logout, () => initialState);
  },
});

export const {
  patientsRequested,
  patientsReceived,
  patientsFailed,
  patientsCancelled,
  patientRequested,
  patientReceived,
  patientFailed,
  patientFormOpened,
  patientSaveRequested,
  patientSaveReceived,
  patientSaveFailed,
} = patientsSlice.actions;
export default patientsSlice.reducer;
