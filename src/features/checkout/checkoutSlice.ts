import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { logout } from '@/features/auth';
import { fail, reset, resource, resourceReducers, startLoading, succeed, type Failure, type Resource } from '@/lib/store/resource';
import type { CoverageDto, PromoQuoteDto } from '@/shared/types/api';
import { DEFAULT_APARTMENT, DEFAULT_FLOOR, DEFAULT_ORDER_COUNTRY } from '@/shared/orderDefaults';
import type { FeedbackDetails, OrderAddress } from '@/shared/validation/order';
import type { PaymentMethod } from '@/features/payments';

/**
 * Checkout state (spec §3's order state): what the checkout steps collected, kept in the store and mirrored to
 * sessionStorage so a reload in the middle of checkout keeps it; plus the statuses of the calls.
 */
export interface CheckoutState {
  /** Submission of the order. */
  submit: Resource<null>;
  /** The submission failed because the visit time filled up meanwhile (or none was chosen). */
  slotFull: boolean;
  orderAddress: OrderAddress;
  /** Start of the chosen nurse slot (ISO date-time). */
  nurseCheckoutDate: string | null;
  orderSlotId: number | null;
  feedbackDetails: FeedbackDetails;
  /** Chosen once per checkout; a retried submission reuses it so no second order is created. */
  idempotencyKey: string | null;
  /** True once the user saved the address step (prefill from the profile stops then). */
  addressSaved: boolean;
  /** The payment method chosen at the summary; null until chosen (the laboratory's first method then). */
  paymentMethod: PaymentMethod | null;

  /** Home-visit coverage of the address being entered (laboratory, country, postal code). */
  coverage: Resource<CoverageDto | null>;
  /** The promo code applied at the summary step, as quoted by the server. */
  promo: Resource<PromoQuoteDto | null>;
  /** The last data step (contact details saved, current user refreshed). */
  checkout: Resource<null>;
}

export const defaultOrderAddress = (): OrderAddress => ({
  country: DEFAULT_ORDER_COUNTRY,
  city: '',
  postalCode: '',
  street: '',
  entry: '',
  floor: DEFAULT_FLOOR,
  apartment: DEFAULT_APARTMENT,
  intercomCode: '',
  notes: '',
});

export interface CoverageQuery {
  laboratoryId: string;
  country: string;
  postalCode: string;
}

export const defaultFeedbackDetails = (): FeedbackDetails => ({ useEmail: true, usePhone: true, quickPhone: '' });

/** The part of the state kept in sessionStorage. */
export interface PersistedCheckout {
  orderAddress: OrderAddress;
  nurseCheckoutDate: string | null;
  orderSlotId: number | null;
  feedbackDetails: FeedbackDetails;
  idempotencyKey: string | null;
  /** True once the user saved the address step (so prefill from the profile stops). */
  addressSaved?: boolean;
}

const initialState: CheckoutState = {
  submit: resource(null),
  slotFull: false,
  orderAddress: defaultOrderAddress(),
  nurseCheckoutDate: null,
  orderSlotId: null,
  feedbackDetails: defaultFeedbackDetails(),
  idempotencyKey: null,
  addressSaved: false,
  paymentMethod: null,
  coverage: resource(null),
  promo: resource(null),
  checkout: resource(null),
};

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {
    checkoutRestored(state, action: PayloadAction<Partial<PersistedCheckout>>) {
      const p = action.payload;
      if (p.orderAddress) state.orderAddress = { ...defaultOrderAddress(), ...p.orderAddress };
      if (p.feedbackDetails) state.feedbackDetails = { ...defaultFeedbackDetails(), ...p.feedbackDetails };
      if (p.nurseCheckoutDate !== undefined) state.nurseCheckoutDate = p.nurseCheckoutDate;
      if (p.orderSlotId !== undefined) state.orderSlotId = p.orderSlotId;
      if (p.idempotencyKey !== undefined) state.idempotencyKey = p.idempotencyKey;
      if (p.addressSaved !== undefined) state.addressSaved = p.addressSaved;
    },
    orderAddressSaved(state, action: PayloadAction<OrderAddress>) {
      state.orderAddress = action.payload;
      state.addressSaved = true;
    },
    visitTimeChosen(state, action: PayloadAction<{ orderSlotId: number; nurseCheckoutDate: string }>) {
      state.orderSlotId = action.payload.orderSlotId;
      state.nurseCheckoutDate = action.payload.nurseCheckoutDate;
      state.slotFull = false;
      reset(state.submit);
    },
    ...resourceReducers<CheckoutState, CoverageDto, CoverageQuery>()('coverage', (s) => s.coverage, {
      failed: (state) => {
        state.coverage.data = null;
      },
    }),
    /** A refused code (when quoted, or at submission) is no longer applied. */
    ...resourceReducers<CheckoutState, PromoQuoteDto, string>()('promo', (s) => s.promo, {
      failed: (state) => {
        state.promo.data = null;
      },
    }),
    promoRemoved(state) {
      state.promo.data = null;
      reset(state.promo);
    },

    /** Last data step: save the contact details, refresh the current user, then confirm e-mail or go on. */
    ...resourceReducers<CheckoutState, null, FeedbackDetails>()('checkout', (s) => s.checkout, {
      requested: (state, feedbackDetails) => {
        state.feedbackDetails = feedbackDetails;
      },
    }),

    idempotencyKeyCreated(state, action: PayloadAction<string>) {
      if (!state.idempotencyKey) state.idempotencyKey = action.payload;
    },
    paymentMethodChosen(state, action: PayloadAction<PaymentMethod>) {
      state.paymentMethod = action.payload;
    },
    submitRequested(state) {
      startLoading(state.submit);
      state.slotFull = false;
    },
    submitSucceeded(state) {
      // The checkout is over: forget the visit time and the key, keep the address for next time.
      succeed(state.submit, null);
      state.nurseCheckoutDate = null;
      state.orderSlotId = null;
      state.idempotencyKey = null;
      state.paymentMethod = null;
      state.promo.data = null;
      for (const r of [state.promo, state.checkout]) reset(r);
    },
    submitFailed(state, action: PayloadAction<{ failure: Failure; slotFull: boolean }>) {
      fail(state.submit, action.payload.failure);
      state.slotFull = action.payload.slotFull;
      if (action.payload.slotFull) {
        state.orderSlotId = null;
        state.nurseCheckoutDate = null;
      }
    },
  },
  extraReducers: (builder) => {
    // Nothing of the previous user's checkout stays after sign-out.
    builder.addCase(logout, () => initialState);
  },
});

export const {
  checkoutRestored,
  orderAddressSaved,
  visitTimeChosen,
  coverageRequested,
  coverageReceived,
  coverageFailed,
  promoRequested,
  promoReceived,
  promoFailed,
  promoRemoved,
  checkoutRequested,
  checkoutReceived,
  checkoutFailed,
  idempotencyKeyCreated,
  paymentMethodChosen,
  submitRequested,
  submitSucceeded,
  submitFailed,
} = checkoutSlice.actions;
export default checkoutSlice.reducer;
