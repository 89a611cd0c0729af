import { createSlice } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';

export interface AccountState {
  status: Status;
}

const initialState: AccountState = { status: Status.INITIAL };

const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {},
});

export default accountSlice.reducer;
