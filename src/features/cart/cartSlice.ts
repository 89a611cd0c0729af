import { createSlice } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';

export interface CartState {
  status: Status;
}

const initialState: CartState = { status: Status.INITIAL };

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {},
});

export default cartSlice.reducer;
