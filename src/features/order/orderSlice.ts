import { createSlice } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';

export interface OrderState {
  status: Status;
}

const initialState: OrderState = { status: Status.INITIAL };

const orderSlice = createSlice({
  name: 'order',
  initialState,
  reducers: {},
});

export default orderSlice.reducer;
