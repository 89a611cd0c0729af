import { createSlice } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';

export interface LabState {
  status: Status;
}

const initialState: LabState = { status: Status.INITIAL };

const labSlice = createSlice({
  name: 'lab',
  initialState,
  reducers: {},
});

export default labSlice.reducer;
