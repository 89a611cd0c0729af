import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';
import type { LaboratoryDto } from '@/lib/types/api';

export interface LabState {
  /** Id of the active laboratory (also kept in browser storage and a cookie for SSR). */
  activeLaboratoryId: string | null;
  /** The loaded active laboratory. */
  laboratory: LaboratoryDto | null;
  laboratoryStatus: Status;
  /** All laboratories, loaded when the selector opens. */
  list: LaboratoryDto[];
  listStatus: Status;
  selectorOpen: boolean;
}

const initialState: LabState = {
  activeLaboratoryId: null,
  laboratory: null,
  laboratoryStatus: Status.INITIAL,
  list: [],
  listStatus: Status.INITIAL,
  selectorOpen: false,
};

const labSlice = createSlice({
  name: 'lab',
  initialState,
  reducers: {
    /** The user chose a laboratory (or it was restored from storage). Other domains react to this. */
    activeLaboratorySet(state, action: PayloadAction<string>) {
      state.activeLaboratoryId = action.payload;
    },
    laboratoryReceived(state, action: PayloadAction<LaboratoryDto>) {
      state.laboratory = action.payload;
      state.laboratoryStatus = Status.SUCCESS;
    },
  },
});

export const labActions = labSlice.actions;
export const { activeLaboratorySet, laboratoryReceived } = labSlice.actions;
export default labSlice.reducer;
