import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';
import { fail, reset, resource, resourceReducers, startLoading, succeed, type Failure, type Resource } from '@/lib/store/resource';
import type { LaboratoryDto } from '@/shared/types/api';

export type SelectorStep = 'manual' | 'auto';
/** Why auto-find failed: no position ("Geolocation failed") or nothing to choose from. */
export type AutoFindError = 'geolocation' | 'noLaboratories' | null;

export interface LabState {
  /** Id of the active laboratory (also kept in browser storage and a cookie for SSR). */
  activeLaboratoryId: string | null;
  /** The loaded active laboratory. */
  laboratory: Resource<LaboratoryDto | null>;
  /** All laboratories, loaded when the selector opens. */
  list: Resource<LaboratoryDto[]>;
  selectorOpen: boolean;
  /** Step 1 manual choice, step 2 the automatically found closest laboratory (spec §2). */
  selectorStep: SelectorStep;
  /** initial / loading (position requested) / success (position obtained) / error (spec §4). */
  autoFindStatus: Status;
  autoFindError: AutoFindError;
  /** The closest laboratory found in step 2. */
  closest: { laboratoryId: string; miles: number } | null;
  /** Saving the choice for a logged-in user. */
  save: Resource<null>;
}

const initialState: LabState = {
  activeLaboratoryId: null,
  laboratory: resource(null),
  list: resource([]),
  selectorOpen: false,
  selectorStep: 'manual',
  autoFindStatus: Status.INITIAL,
  autoFindError: null,
  closest: null,
  save: resource(null),
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
      state.laboratory = resource(null);
    },
    ...resourceReducers<LabState, LaboratoryDto>()('laboratory', (s) => s.laboratory),
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
    ...resourceReducers<LabState, LaboratoryDto[]>()('list', (s) => s.list),
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
      reset(state.save);
    },
    laboratorySaving(state) {
      startLoading(state.save);
    },
    laboratorySaved(state) {
      succeed(state.save, null);
    },
    laboratorySaveFailed(state, action: PayloadAction<Failure>) {
      fail(state.save, action.payload);
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
