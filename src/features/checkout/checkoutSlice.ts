import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { logout } from '@/features/auth';
import { Status } from '@/lib/status';
import type { CoverageDto, NurseSlotDto, PromoQuoteDto } from '@/lib/types/api';
import type { ShopOrderDto } from '@/lib/types/order';
import { DEFAULT_APARTMENT, DEFAULT_FLOOR, DEFAULT_ORDER_COUNTRY } from '@/lib/orderDefaults';
import type { FeedbackDetails, OrderAddress } from '@/lib/validation/order';

/**
 * Order state (spec §3): what the checkout steps collected, kept in the store and mirrored to
 * sessionStorage so a reload in the middle of checkout keeps it; plus the statuses of the calls.
 */
export interface OrderState {
  /** Submission of the order. */
  status: Status;
  error: string | null;
  /** The submission failed because the visit time filled up meanwhile. */
  slotFull: boolean;
  deliveryPrice: number;
  orderAddress: OrderAddress;
  /** Start of the chosen nurse slot (ISO date-time). */
  nurseCheckoutDate: string | null;
  orderSlotId: number | null;
  feedbackDetails: FeedbackDetails;
  /** Chosen once per checkout; a retried submission reuses it so no second order is created. */
  idempotencyKey: string | null;
  /** True once the user saved the address step (prefill from the profile stops then). */
  addressSaved: boolean;

  /** Home-visit coverage of the address being entered (laboratory, country, postal code). */
  coverage: CoverageDto | null;
  coverageStatus: Status;
  coverageError: string | null;

  /** The promo code applied at the summary step, as quoted by the server. */
  promo: PromoQuoteDto | null;
  promoStatus: Status;
  promoError: string | null;

  slots: NurseSlotDto[];
  slotsStatus: Status;
  slotsError: string | null;

  checkoutStatus: Status;
  checkoutError: string | null;

  letterStatus: Status;
  letterError: string | null;
  confirmStatus: Status;
  confirmError: string | null;

  summary: ShopOrderDto | null;
  summaryStatus: Status;
  summaryError: string | null;
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
export interface PersistedOrder {
  orderAddress: OrderAddress;
  nurseCheckoutDate: string | null;
  orderSlotId: number | null;
  feedbackDetails: FeedbackDetails;
  idempotencyKey: string | null;
  /** True once the user saved the address step (so prefill from the profile stops). */
  addressSaved?: boolean;
}

const initialState: OrderState = {
  status: Status.INITIAL,
  error: null,
  slotFull: false,
  deliveryPrice: 0,
  orderAddress: defaultOrderAddress(),
  nurseCheckoutDate: null,
  orderSlotId: null,
  feedbackDetails: defaultFeedbackDetails(),
  idempotencyKey: null,
  addressSaved: false,
  coverage: null,
  coverageStatus: Status.INITIAL,
  coverageError: null,
  promo: null,
  promoStatus: Status.INITIAL,
  promoError: null,
  slots: [],
  slotsStatus: Status.INITIAL,
  slotsError: null,
  checkoutStatus: Status.INITIAL,
  checkoutError: null,
  letterStatus: Status.INITIAL,
  letterError: null,
  confirmStatus: Status.INITIAL,
  confirmError: null,
  summary: null,
  summaryStatus: Status.INITIAL,
  summaryError: null,
};

const orderSlice = createSlice({
  name: 'order',
  initialState,
  reducers: {
    orderRestored(state, action: PayloadAction<Partial<PersistedOrder>>) {
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
      state.error = null;
      state.status = Status.INITIAL;
    },
    coverageRequested(state, _action: PayloadAction<CoverageQuery>) {
      state.coverageStatus = Status.LOADING;
      state.coverageError = null;
    },
    coverageReceived(state, action: PayloadAction<CoverageDto>) {
      state.coverage = action.payload;
      state.coverageStatus = Status.SUCCESS;
      if (action.payload.served && action.payload.visitFee !== null) state.deliveryPrice = action.payload.visitFee;
    },
    coverageFailed(state, action: PayloadAction<string>) {
      state.coverage = null;
      state.coverageStatus = Status.ERROR;
      state.coverageError = action.payload;
    },
    promoRequested(state, _action: PayloadAction<string>) {
      state.promoStatus = Status.LOADING;
      state.promoError = null;
    },
    promoApplied(state, action: PayloadAction<PromoQuoteDto>) {
      state.promo = action.payload;
      state.promoStatus = Status.SUCCESS;
    },
    /** The code was refused (when quoted, or at submission): it is no longer applied. */
    promoFailed(state, action: PayloadAction<string>) {
      state.promo = null;
      state.promoStatus = Status.ERROR;
      state.promoError = action.payload;
    },
    promoRemoved(state) {
      state.promo = null;
      state.promoStatus = Status.INITIAL;
      state.promoError = null;
    },
    slotsRequested(state, _action: PayloadAction<{ laboratoryId: string; from: string; to: string }>) {
      state.slotsStatus = Status.LOADING;
      state.slotsError = null;
    },
    slotsReceived(state, action: PayloadAction<NurseSlotDto[]>) {
      state.slots = action.payload;
      state.slotsStatus = Status.SUCCESS;
    },
    slotsFailed(state, action: PayloadAction<string>) {
      state.slotsStatus = Status.ERROR;
      state.slotsError = action.payload;
    },

    /** Last data step: save the contact details, refresh the current user, then confirm e-mail or go on. */
    checkoutRequested(state, action: PayloadAction<FeedbackDetails>) {
      state.feedbackDetails = action.payload;
      state.checkoutStatus = Status.LOADING;
      state.checkoutError = null;
    },
    checkoutSucceeded(state) {
      state.checkoutStatus = Status.SUCCESS;
    },
    checkoutFailed(state, action: PayloadAction<string>) {
      state.checkoutStatus = Status.ERROR;
      state.checkoutError = action.payload;
    },

    activationLetterRequested(state) {
      state.letterStatus = Status.LOADING;
      state.letterError = null;
    },
    activationLetterSent(state) {
      state.letterStatus = Status.SUCCESS;
    },
    activationLetterFailed(state, action: PayloadAction<string>) {
      state.letterStatus = Status.ERROR;
      state.letterError = action.payload;
    },
    emailConfirmRequested(state, _action: PayloadAction<string>) {
      state.confirmStatus = Status.LOADING;
      state.confirmError = null;
    },
    emailConfirmed(state) {
      state.confirmStatus = Status.SUCCESS;
    },
    emailConfirmFailed(state, action: PayloadAction<string>) {
      state.confirmStatus = Status.ERROR;
      state.confirmError = action.payload;
    },

    idempotencyKeyCreated(state, action: PayloadAction<string>) {
      if (!state.idempotencyKey) state.idempotencyKey = action.payload;
    },
    submitRequested(state) {
      state.status = Status.LOADING;
      state.error = null;
      state.slotFull = false;
    },
    submitSucceeded(state) {
      // The checkout is over: forget the visit time and the key, keep the address for next time.
      state.status = Status.SUCCESS;
      state.nurseCheckoutDate = null;
      state.orderSlotId = null;
      state.idempotencyKey = null;
      state.promo = null;
      state.promoStatus = Status.INITIAL;
      state.checkoutStatus = Status.INITIAL;
      state.letterStatus = Status.INITIAL;
      state.confirmStatus = Status.INITIAL;
    },
    submitFailed(state, action: PayloadAction<{ message: string; slotFull: boolean }>) {
      state.status = Status.ERROR;
      state.error = action.payload.message;
      state.slotFull = action.payload.slotFull;
      if (action.payload.slotFull) {
        state.orderSlotId = null;
        state.nurseCheckoutDate = null;
      }
    },

    summaryRequested(state, _action: PayloadAction<number>) {
      state.summaryStatus = Status.LOADING;
      state.summaryError = null;
    },
    summaryReceived(state, action: PayloadAction<ShopOrderDto>) {
      state.summary = action.payload;
      state.summaryStatus = Status.SUCCESS;
    },
    summaryFailed(state, action: PayloadAction<string>) {
      state.summaryStatus = Status.ERROR;
      state.summaryError = action.payload;
    },
  },
  extraReducers: (builder) => {
    // Nothing of the previous user's checkout stays after sign-out.
    builder.addCase(logout, () => initialState);
  },
});

export const {
  orderRestored,
  orderAddressSaved,
  visitTimeChosen,
  coverageRequested,
  coverageReceived,
  coverageFailed,
  promoRequested,
  promoApplied,
  promoFailed,
  promoRemoved,
  slotsRequested,
  slotsReceived,
  slotsFailed,
  checkoutRequested,
  checkoutSucceeded,
  checkoutFailed,
  activationLetterRequested,
  activationLetterSent,
  activationLetterFailed,
  emailConfirmRequested,
  emailConfirmed,
  emailConfirmFailed,
  idempotencyKeyCreated,
  submitRequested,
  submitSucceeded,
  submitFailed,
  summaryRequested,
  summaryReceived,
  summaryFailed,
} = orderSlice.actions;
export default orderSlice.reducer;
