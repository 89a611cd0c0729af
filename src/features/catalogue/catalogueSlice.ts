import { createSlice } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';

export interface CatalogueState {
  status: Status;
}

const initialState: CatalogueState = { status: Status.INITIAL };

const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState,
  reducers: {},
});

export default catalogueSlice.reducer;
