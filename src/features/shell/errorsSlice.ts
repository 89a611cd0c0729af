import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Unhandled saga errors, kept for display and diagnostics (spec §4). */
export interface RecordedError {
  task: string;
  message: string;
  at: string;
}

export interface ErrorsState {
  items: RecordedError[];
}

const initialState: ErrorsState = { items: [] };

const errorsSlice = createSlice({
  name: 'errors',
  initialState,
  reducers: {
    errorRecorded(state, action: PayloadAction<RecordedError>) {
      state.items.push(action.payload);
      if (state.items.length > 50) state.items.splice(0, state.items.length - 50);
    },
    errorsCleared(state) {
      state.items = [];
    },
  },
});

export const { errorRecorded, errorsCleared } = errorsSlice.actions;
export default errorsSlice.reducer;
