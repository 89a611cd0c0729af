import { createSlice, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import { fail, reset, resource, startLoading, succeed, type Failure, type Resource } from '@/lib/store/resource';
import { logout } from '@/features/auth';
import type { EmailConfirmationFlow, PasswordChange, ProfileUpdate } from './accountApi';

export interface AccountState {
  /** Saving the profile (first name, last name, phone, date of birth). */
  profile: Resource<null>;
  /** Changing the password. */
  password: Resource<null>;
  /** E-mail confirmation (modal in settings, page in the order flow). */
  emailModalOpen: boolean;
  letter: Resource<null>;
  /** 'Email is already confirmed' in settings: a warning, not a failure. */
  letterWarning: string | null;
  confirm: Resource<null>;
}

const initialState: AccountState = {
  profile: resource(null),
  password: resource(null),
  emailModalOpen: false,
  letter: resource(null),
  letterWarning: null,
  confirm: resource(null),
};

/** A new confirmation starts: the last letter and confirmation are forgotten. */
function forgetConfirmation(state: Draft<AccountState>): void {
  reset(state.letter);
  state.letterWarning = null;
  reset(state.confirm);
}

const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    profileUpdateRequested(state, _action: PayloadAction<{ id: number; body: ProfileUpdate }>) {
      startLoading(state.profile);
    },
    profileUpdated(state) {
      succeed(state.profile, null);
    },
    profileUpdateFailed(state, action: PayloadAction<Failure>) {
      fail(state.profile, action.payload);
    },

    passwordChangeRequested(state, _action: PayloadAction<PasswordChange>) {
      startLoading(state.password);
    },
    passwordChanged(state) {
      succeed(state.password, null);
    },
    passwordChangeFailed(state, action: PayloadAction<Failure>) {
      fail(state.password, action.payload);
    },

    emailModalOpened(state) {
      state.emailModalOpen = true;
      forgetConfirmation(state);
    },
    /** Forgets the last letter and confirmation (a new confirmation starts). */
    emailConfirmationReset: forgetConfirmation,
    emailModalClosed(state) {
      state.emailModalOpen = false;
    },
    confirmationLetterRequested(state, _action: PayloadAction<{ flow: EmailConfirmationFlow }>) {
      startLoading(state.letter);
      state.letterWarning = null;
    },
    confirmationLetterSent(state) {
      succeed(state.letter, null);
    },
    /** The e-mail was confirmed already: settings only warn (spec §4). */
    confirmationLetterNotNeeded(state, action: PayloadAction<string>) {
      succeed(state.letter, null);
      state.letterWarning = action.payload;
    },
    confirmationLetterFailed(state, action: PayloadAction<Failure>) {
      fail(state.letter, action.payload);
    },
    emailConfirmationSubmitted(state, _action: PayloadAction<{ token: string; flow: EmailConfirmationFlow }>) {
      startLoading(state.confirm);
    },
    /** Success closes the settings modal (spec §4). */
    emailConfirmed(state) {
      succeed(state.confirm, null);
      state.emailModalOpen = false;
    },
    emailConfirmationFailed(state, action: PayloadAction<Failure>) {
      fail(state.confirm, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(logout, () => initialState);
  },
});

export const {
  profileUpdateRequested,
  profileUpdated,
  profileUpdateFailed,
  passwordChangeRequested,
  passwordChanged,
  passwordChangeFailed,
  emailModalOpened,
  emailModalClosed,
  emailConfirmationReset,
  confirmationLetterRequested,
  confirmationLetterSent,
  confirmationLetterNotNeeded,
  confirmationLetterFailed,
  emailConfirmationSubmitted,
  emailConfirmed,
  emailConfirmationFailed,
} = accountSlice.actions;
export default accountSlice.reducer;
