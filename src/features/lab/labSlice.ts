import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { reset, resource, resourceReducers, type Resource } from '@/lib/store/resource';
import type { LaboratoryDto } from '@/shared/types/api';

export type SelectorStep = 'manual' | 'auto';

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
  /** Asking the browser for its position: loading (position requested), success (position obtained), error ("Geolocation failed"; spec §4). */
  autoFind: Resource<null>;
  /** The position was obtained but there is no laboratory to choose from. */
  noLaboratories: boolean;
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
  autoFind: resource(null),
  noLaboratories: false,
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
      reset(state.autoFind);
      state.noLaboratories = false;
      state.closest = null;
    },
    /** Closing does nothing while no laboratory is chosen (spec §4). */
    selectorClosed(state) {
      if (state.activeLaboratoryId) state.selectorOpen = false;
    },
    ...resourceReducers<LabState, LaboratoryDto[]>()('list', (s) => s.list),
    /** "Find": go to step 2 and ask the browser for the position. */
    ...resourceReducers<LabState, null>()('position', (s) => s.autoFind, {
      requested: (state) => {
        state.selectorStep = 'auto';
        state.noLaboratories = false;
        state.closest = null;
      },
    }),
    closestFound(state, action: PayloadAction<{ laboratoryId: string; miles: number }>) {
      state.closest = action.payload;
    },
    noLaboratoriesFound(state) {
      state.noLaboratories = true;
    },
    /** "Select manually": back to step 1. */
    manualSelectionRequested(state) {
      state.selectorStep = 'manual';
    },
    /** Confirmed in the selector; the saga sets it active, saves it for a logged-in user and closes the selector. */
    laboratoryChosen(state, _action: PayloadAction<string>) {
      reset(state.save);
    },
    ...resourceReducers<LabState, null>()('laboratorySave', (s) => s.save),
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
  positionRequested,
  positionReceived,
  positionFailed,
  closestFound,
  noLaboratoriesFound,
  manualSelectionRequested,
  laboratoryChosen,
  laboratorySaveRequested,
  laboratorySaveReceived,
  laboratorySaveFailed,
} = labSlice.actions;
export default labSlice.reducer;
