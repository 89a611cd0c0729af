import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';
import type { LaboratoryDto } from '@/lib/types/api';

export type SelectorStep = 'manual' | 'auto';
/** Why auto-find failed: no position ("Geolocation failed") or nothing to choose from. */
export type AutoFindError = 'geolocation' | 'noLaboratories' | null;

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
  /** Step 1 manual choice, step 2 the automatically found closest laboratory (spec §2). */
  selectorStep: SelectorStep;
  /** initial / loading (position requested) / success (position obtained) / error (spec §4). */
  autoFindStatus: Status;
  autoFindError: AutoFindError;
  /** The closest laboratory found in step 2. */
  closest: { laboratoryId: string; miles: number } | null;
  /** Saving the choice for a logged-in user. */
  saveStatus: Status;
}

const initialState: LabState = {
  activeLaboratoryId: null,
  laboratory: null,
  laboratoryStatus: Status.INITIAL,
  list: [],
  listStatus: Status.INITIAL,
  selectorOpen: false,
  selectorStep: 'manual',
  autoFindStatus: Status.INITIAL,
  autoFindError: null,
  closest: null,
  saveStatus: Status.INITIAL,
};

const labSlice = createSlice({
  name: 'lab',
  initialState,
  reducers: {
    /** The user chose a laboratory (or it was restored from storage). Other domains react to this. */
    activeLaboratorySet(state, action: PayloadAction<string>) {
      state.activeLaboratoryId = action.payload;
    },
    /** The stored laboratory no longer exists: forget it (the selector opens again). */
    activeLaboratoryCleared(state) {
      state.activeLaboratoryId = null;
      state.laboratory = null;
      state.laboratoryStatus = Status.INITIAL;
    },
    laboratoryRequested(state) {
      state.laboratoryStatus = Status.LOADING;
    },
    laboratoryReceived(state, action: PayloadAction<LaboratoryDto>) {
      state.laboratory = action.payload;
      state.laboratoryStatus = Status.SUCCESS;
    },
    laboratoryFailed(state) {
      state.laboratoryStatus = Status.ERROR;
    },
    /** Opens the selector at step 1; the saga loads the list. */
    selectorOpened(state) {
      state.selectorOpen = true;
      state.selectorStep = 'manual';
      state.autoFindStatus = Status.INITIAL;
      state.autoFindError = null;
      state.closest = null;
    },
    /** Closing does nothing while no laboratory is chosen (spec §4). */
    selectorClosed(state) {
      if (state.activeLaboratoryId) state.selectorOpen = false;
    },
    listRequested(state) {
      state.listStatus = Status.LOADING;
    },
    listReceived(state, action: PayloadAction<LaboratoryDto[]>) {
      state.list = action.payload;
      state.listStatus = Status.SUCCESS;
    },
    listFailed(state) {
      state.listStatus = Status.ERROR;
    },
    /** "Find": go to step 2 and ask the browser for the position. */
    findRequested(state) {
      state.selectorStep = 'auto';
      state.autoFindStatus = Status.LOADING;
      state.autoFindError = null;
      state.closest = null;
    },
    positionReceived(state) {
      state.autoFindStatus = Status.SUCCESS;
    },
    positionFailed(state) {
      state.autoFindStatus = Status.ERROR;
      state.autoFindError = 'geolocation';
    },
    closestFound(state, action: PayloadAction<{ laboratoryId: string; miles: number }>) {
      state.closest = action.payload;
    },
    noLaboratoriesFound(state) {
      state.autoFindError = 'noLaboratories';
    },
    /** "Select manually": back to step 1. */
    manualSelectionRequested(state) {
      state.selectorStep = 'manual';
    },
    /** Confirmed in the selector; the saga sets it active, saves it for a logged-in user and closes the selector. */
    laboratoryChosen(state, _action: PayloadAction<string>) {
      state.saveStatus = Status.INITIAL;
    },
    laboratorySaving(state) {
      state.saveStatus = Status.LOADING;
    },
    laboratorySaved(state) {
      state.saveStatus = Status.SUCCESS;
    },
    laboratorySaveFailed(state) {
      state.saveStatus = Status.ERROR;
    },
  },
});

export const {
  activeLaboratorySet,
  activeLaboratoryCleared,
  laboratoryRequested,
  laboratoryReceived,
  laboratoryFailed,
  selectorOpened,
  selectorClosed,
  listRequested,
  listReceived,
  listFailed,
  findRequested,
  positionReceived,
  positionFailed,
  closestFound,
  noLaboratoriesFound,
  manualSelectionRequested,
  laboratoryChosen,
  laboratorySaving,
  laboratorySaved,
  laboratorySaveFailed,
} = labSlice.actions;
export default labSlice.reducer;
