import { emptyCart } from '@/shared/emptyShapes';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { logout } from '@/features/auth';
import { Status } from '@/lib/status';
import { fail, reset, resource, resourceReducers, startLoading, succeed, type Failure, type Resource } from '@/lib/store/resource';
import type { AddToCartResponse, CartDto } from '@/shared/types/api';
import type { AddRequest } from './cartApi';

/**
 * The cart (spec §3, §4): the server's CartDto plus the state of the add-to-cart flow.
 * `cart` (its status and data) is read by the app shell's cart icon.
 */
export interface CartState {
  /** Loading of the cart: the icon shows a spinner until SUCCESS. */
  cart: Resource<CartDto | null>;

  /** Adding (and the follow-up questions of the add answer). */
  add: Resource<null>;
  /** The last add request, resent with the optional-material decision. */
  pendingAdd: AddRequest | null;
  /** Materials to decide on (material id to suggested value), while the decision dialog is open. */
  materialDecision: Record<string, boolean> | null;
  /** Patients the addable does not apply to, while the restriction dialog is open. */
  restrictedPatientIds: number[] | null;
  /** Patients the last add put something in the cart for (none: the add answered with restrictions for all). */
  lastAddedPatientIds: number[];

  /** Changes on the cart page (remove, reset). */
  mutation: Resource<null>;
}

const initialState: CartState = {
  cart: resource(null),
  add: resource(null),
  pendingAdd: null,
  materialDecision: null,
  restrictedPatientIds: null,
  lastAddedPatientIds: [],
  mutation: resource(null),
};

/** A visitor's cart: empty, and loaded. */
const visitorCart = (): CartState => ({ ...initialState, cart: { ...resource(null), status: Status.SUCCESS, data: emptyCart() } });

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** `cartRequested`: the user asks to load the cart again (retry after an error); the saga loads it. */
    ...resourceReducers<CartState, CartDto>()('cart', (s) => s.cart),
    cartLoadRequested(state) {
      // Keep showing the known cart while it reloads; the icon spins only before the first load.
      if (state.cart.status === Status.SUCCESS) state.cart.error = null;
      else startLoading(state.cart);
    },
    /** Logout: a visitor's cart is empty. */
    cartCleared: visitorCart,

    addToCartRequested(state, action: PayloadAction<AddRequest>) {
      startLoading(state.add);
      state.pendingAdd = action.payload;
      state.materialDecision = null;
      state.restrictedPatientIds = null;
    },
    addToCartAnswered(state, action: PayloadAction<AddToCartResponse>) {
      const res = action.payload;
      succeed(state.cart, res.cart);
      if (res.status === 'optionalMaterialDecisionRequested') {
        reset(state.add);
        state.materialDecision = res.isBoughtOptionalMaterialMap ?? {};
        return;
      }
      const requested = new Set(state.pendingAdd?.patientIds ?? []);
      const excluded = res.patientIds ?? [];
      state.lastAddedPatientIds = [...requested].filter((id) => !excluded.includes(id));
      succeed(state.add, null);
      state.pendingAdd = null;
      if (res.status === 'specificAnalysisRestrictionsApplied') state.restrictedPatientIds = excluded;
    },
    addToCartFailed(state, action: PayloadAction<Failure>) {
      fail(state.add, action.payload);
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
      reset(state.add);
    },
    restrictionDialogClosed(state) {
      state.restrictedPatientIds = null;
    },
    addFlowReset(state) {
      reset(state.add);
      state.pendingAdd = null;
      state.materialDecision = null;
      state.restrictedPatientIds = null;
    },

    removePatientAnalysisRequested(state, _action: PayloadAction<{ patientId: number; analysisId: number }>) {
      startLoading(state.mutation);
    },
    removePatientRequested(state, _action: PayloadAction<{ patientId: number }>) {
      startLoading(state.mutation);
    },
    removeAnalysisRequested(state, _action: PayloadAction<{ analysisId: number }>) {
      startLoading(state.mutation);
    },
    resetCartRequested(state) {
      startLoading(state.mutation);
    },
    cartMutated(state, action: PayloadAction<CartDto>) {
      succeed(state.cart, action.payload);
      succeed(state.mutation, null);
    },
    cartMutationFailed(state, action: PayloadAction<Failure>) {
      fail(state.mutation, action.payload);
    },

  },
  extraReducers: (builder) => {
    // A visitor's cart is empty: nothing of the previous user stays after sign-out.
    builder.addCase(logout, visitorCart);
  },
});

export const {
  cartRequested,
  cartLoadRequested,
  cartReceived,
  cartFailed,
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
} = cartSlice.actions;
export default cartSlice.reducer;
