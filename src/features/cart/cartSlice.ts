import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { logout } from '@/features/auth';
import { Status } from '@/lib/status';
import type { AddToCartResponse, CartDto, PatientDto } from '@/lib/types/api';
import { DEFAULT_CURRENCY } from '@/lib/money';
import type { AddRequest } from './cartApi';
import type { Patient } from '@/features/patients';

/**
 * The cart (spec §3, §4): the server's CartDto plus the state of the add-to-cart flow.
 * `status` and `cart` are read by the app shell's cart icon.
 */
export interface CartState {
  /** Loading of the cart: the icon shows a spinner until SUCCESS. */
  status: Status;
  cart: CartDto | null;
  error: string | null;

  /** Adding (and the follow-up questions of the add answer). */
  addStatus: Status;
  addError: string | null;
  /** The last add request, resent with the optional-material decision. */
  pendingAdd: AddRequest | null;
  /** Materials to decide on (material id to suggested value), while the decision dialog is open. */
  materialDecision: Record<string, boolean> | null;
  /** Patients the addable does not apply to, while the restriction dialog is open. */
  restrictedPatientIds: number[] | null;
  /** Increases on every add that put something into the cart (the page shows the success message). */
  addedCount: number;
  /** Patients the last add put something in the cart for. */
  lastAddedPatientIds: number[];

  /** Changes on the cart page (remove, reset). */
  mutationStatus: Status;
  mutationError: string | null;

  /** The user's patients, for names in the cart and the add flow. */
  patients: PatientDto[];
  patientsStatus: Status;
  /** Creating a patient inside the add flow. */
  patientCreateStatus: Status;
  patientCreateError: string | null;
  /** Id of the patient created last (the add flow selects it). */
  createdPatientId: number | null;
}

export const emptyCartDto = (): CartDto => ({
  patientIdsByAnalysisId: {},
  analysisIdsByPatientId: {},
  subCartTotalsByPatientId: {},
  analysisDtosByPatientId: {},
  materialCartRefMapsByPatientId: {},
  isBoughtOptionalMaterialMap: {},
  cartTotal: { price: 0, currency: DEFAULT_CURRENCY },
});

const initialState: CartState = {
  status: Status.INITIAL,
  cart: null,
  error: null,
  addStatus: Status.INITIAL,
  addError: null,
  pendingAdd: null,
  materialDecision: null,
  restrictedPatientIds: null,
  addedCount: 0,
  lastAddedPatientIds: [],
  mutationStatus: Status.INITIAL,
  mutationError: null,
  patients: [],
  patientsStatus: Status.INITIAL,
  patientCreateStatus: Status.INITIAL,
  patientCreateError: null,
  createdPatientId: null,
};

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** The user asks to load the cart again (retry after an error); the saga loads it. */
    cartReloadRequested(state) {
      state.status = Status.LOADING;
      state.error = null;
    },
    cartLoadRequested(state) {
      // Keep showing the known cart while it reloads; the icon spins only before the first load.
      if (state.status !== Status.SUCCESS) state.status = Status.LOADING;
      state.error = null;
    },
    cartReceived(state, action: PayloadAction<CartDto>) {
      state.cart = action.payload;
      state.status = Status.SUCCESS;
      state.error = null;
    },
    cartLoadFailed(state, action: PayloadAction<string>) {
      state.status = Status.ERROR;
      state.error = action.payload;
    },
    /** Logout: a visitor's cart is empty. */
    cartCleared() {
      return { ...initialState, status: Status.SUCCESS, cart: emptyCartDto() };
    },

    addToCartRequested(state, action: PayloadAction<AddRequest>) {
      state.addStatus = Status.LOADING;
      state.addError = null;
      state.pendingAdd = action.payload;
      state.materialDecision = null;
      state.restrictedPatientIds = null;
    },
    addToCartAnswered(state, action: PayloadAction<AddToCartResponse>) {
      const res = action.payload;
      state.cart = res.cart;
      state.status = Status.SUCCESS;
      if (res.status === 'optionalMaterialDecisionRequested') {
        state.addStatus = Status.INITIAL;
        state.materialDecision = res.isBoughtOptionalMaterialMap ?? {};
        return;
      }
      const requested = new Set(state.pendingAdd?.patientIds ?? []);
      const excluded = res.patientIds ?? [];
      const somethingAdded = res.status === 'added' || [...requested].some((id) => !excluded.includes(id));
      if (somethingAdded) state.addedCount += 1;
      state.lastAddedPatientIds = [...requested].filter((id) => !excluded.includes(id));
      state.addStatus = Status.SUCCESS;
      state.pendingAdd = null;
      if (res.status === 'specificAnalysisRestrictionsApplied') state.restrictedPatientIds = excluded;
    },
    addToCartFailed(state, action: PayloadAction<string>) {
      state.addStatus = Status.ERROR;
      state.addError = action.payload;
    },
    /** The user decided on the optional materials: the saga resends the pending add with the decision. */
    materialDecisionMade(state, action: PayloadAction<Record<string, boolean>>) {
      state.materialDecision = null;
      if (state.pendingAdd) {
        state.pendingAdd = {
          ...state.pendingAdd,
          updateToIsBoughtOptionalMaterialMap: { ...state.pendingAdd.updateToIsBoughtOptionalMaterialMap, ...action.payload },
        };
      }
    },
    materialDecisionCancelled(state) {
      state.materialDecision = null;
      state.pendingAdd = null;
      state.addStatus = Status.INITIAL;
    },
    restrictionDialogClosed(state) {
      state.restrictedPatientIds = null;
    },
    addFlowReset(state) {
      state.addStatus = Status.INITIAL;
      state.addError = null;
      state.pendingAdd = null;
      state.materialDecision = null;
      state.restrictedPatientIds = null;
    },

    removePatientAnalysisRequested(state, _action: PayloadAction<{ patientId: number; analysisId: number }>) {
      state.mutationStatus = Status.LOADING;
      state.mutationError = null;
    },
    removePatientRequested(state, _action: PayloadAction<{ patientId: number }>) {
      state.mutationStatus = Status.LOADING;
      state.mutationError = null;
    },
    removeAnalysisRequested(state, _action: PayloadAction<{ analysisId: number }>) {
      state.mutationStatus = Status.LOADING;
      state.mutationError = null;
    },
    resetCartRequested(state) {
      state.mutationStatus = Status.LOADING;
      state.mutationError = null;
    },
    cartMutated(state, action: PayloadAction<CartDto>) {
      state.cart = action.payload;
      state.status = Status.SUCCESS;
      state.mutationStatus = Status.SUCCESS;
    },
    cartMutationFailed(state, action: PayloadAction<string>) {
      state.mutationStatus = Status.ERROR;
      state.mutationError = action.payload;
    },

    cartPatientsRequested(state) {
      if (state.patientsStatus !== Status.SUCCESS) state.patientsStatus = Status.LOADING;
    },
    cartPatientsReceived(state, action: PayloadAction<PatientDto[]>) {
      state.patients = action.payload;
      state.patientsStatus = Status.SUCCESS;
    },
    cartPatientsFailed(state) {
      state.patientsStatus = Status.ERROR;
    },
    cartPatientCreateRequested(state, _action: PayloadAction<Patient>) {
      state.patientCreateStatus = Status.LOADING;
      state.patientCreateError = null;
    },
    cartPatientCreated(state, action: PayloadAction<PatientDto>) {
      state.patientCreateStatus = Status.SUCCESS;
      state.createdPatientId = action.payload.id;
      if (!state.patients.some((p) => p.id === action.payload.id)) state.patients.push(action.payload);
    },
    cartPatientCreateFailed(state, action: PayloadAction<string>) {
      state.patientCreateStatus = Status.ERROR;
      state.patientCreateError = action.payload;
    },
  },
  extraReducers: (builder) => {
    // A visitor's cart is empty: nothing of the previous user stays after sign-out.
    builder.addCase(logout, () => ({ ...initialState, status: Status.SUCCESS, cart: emptyCartDto() }));
  },
});

export const {
  cartReloadRequested,
  cartLoadRequested,
  cartReceived,
  cartLoadFailed,
  cartCleared,
  addToCartRequested,
  addToCartAnswered,
  addToCartFailed,
  materialDecisionMade,
  materialDecisionCancelled,
  restrictionDialogClosed,
  addFlowReset,
  removePatientAnalysisRequested,
  removePatientRequested,
  removeAnalysisRequested,
  resetCartRequested,
  cartMutated,
  cartMutationFailed,
  cartPatientsRequested,
  cartPatientsReceived,
  cartPatientsFailed,
  cartPatientCreateRequested,
  cartPatientCreated,
  cartPatientCreateFailed,
} = cartSlice.actions;
export default cartSlice.reducer;
