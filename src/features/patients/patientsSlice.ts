import { createSlice } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';

export interface PatientsState {
  status: Status;
}

const initialState: PatientsState = { status: Status.INITIAL };

const patientsSlice = createSlice({
  name: 'patients',
  initialState,
  reducers: {},
});

export default patientsSlice.reducer;
