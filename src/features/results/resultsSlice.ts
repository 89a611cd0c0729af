import { createSlice } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';

export interface ResultsState {
  status: Status;
}

const initialState: ResultsState = { status: Status.INITIAL };

const resultsSlice = createSlice({
  name: 'results',
  initialState,
  reducers: {},
});

export default resultsSlice.reducer;
