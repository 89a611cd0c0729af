import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';
import type { PatientDto } from '@/lib/types/api';
import { logout } from '@/features/auth';
import type { Patient } from './patientMapping';

export interface PatientSaveFailure {
  message: string;
  fields: Record<string, string>;
}

export interface PatientsState {
  /** The list (GET patient). */
  status: Status;
  items: PatientDto[];
  /** The patient being edited (GET patient/{id}). */
  current: PatientDto | null;
  currentStatus: Status;
  /** The patient does not exist or belongs to someone else (404). */
  currentNotFound: boolean;
  saveStatus: Status;
  saveError: PatientSaveFailure | null;
}

const initialState: PatientsState = {
  status: Status.INITIAL,
  items: [],
  current: null,
  currentStatus: Status.INITIAL,
  currentNotFound: false,
  saveStatus: Status.INITIAL,
  saveError: null,
};

export interface PatientSaveRequest {
  patient: Patient;
  /** Where to go after saving (the return path), else the patients list. */
  returnPath?: string | null;
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
    patientsRequested(state) {
      state.status = Status.LOADING;
    },
    patientsReceived(state, action: PayloadAction<PatientDto[]>) {
      state.status = Status.SUCCESS;
      state.items = action.payload;
    },
    patientsFailed(state) {
      state.status = Status.ERROR;
    },
    patientRequested(state, action: PayloadAction<number>) {
      state.currentStatus = Status.LOADING;
      state.currentNotFound = false;
      if (state.current?.id !== action.payload) state.current = null;
      state.saveStatus = Status.INITIAL;
      state.saveError = null;
    },
    patientReceived(state, action: PayloadAction<PatientDto>) {
      state.currentStatus = Status.SUCCESS;
      state.current = action.payload;
    },
    patientNotFound(state) {
      state.currentStatus = Status.ERROR;
      state.currentNotFound = true;
      state.current = null;
    },
    patientFailed(state) {
      state.currentStatus = Status.ERROR;
    },
    /** A fresh form (create page): forget the last save. */
    patientFormOpened(state) {
      state.saveStatus = Status.INITIAL;
      state.saveError = null;
    },
    patientSaveRequested(state, _action: PayloadAction<PatientSaveRequest>) {
      state.saveStatus = Status.LOADING;
      state.saveError = null;
    },
    patientSaved(state, action: PayloadAction<PatientDto>) {
      state.saveStatus = Status.SUCCESS;
      state.items = upsert(state.items, action.payload);
      state.current = action.payload;
    },
    patientSaveFailed(state, action: PayloadAction<PatientSaveFailure>) {
      state.saveStatus = Status.ERROR;
      state.saveError = action.payload;
    },
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
  patientRequested,
  patientReceived,
  patientNotFound,
  patientFailed,
  patientFormOpened,
  patientSaveRequested,
  patientSaved,
  patientSaveFailed,
} = patientsSlice.actions;
export default patientsSlice.reducer;
