import { createSlice } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';

export interface AuthState {
  status: Status;
}

const initialState: AuthState = { status: Status.INITIAL };

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {},
});

export default authSlice.reducer;
