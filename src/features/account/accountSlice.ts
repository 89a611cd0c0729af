import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';
import { logout } from '@/features/auth';
import type { EmailConfirmationFlow, PasswordChange, ProfileUpdate } from './accountApi';

export interface AccountState {
  /** Saving the profile (first name, last name, phone, date of birth). */
  profileStatus: Status;
  profileError: string | null;
  /** Changing the password. */
  passwordStatus: Status;
  passwordError: string | null;
  /** E-mail confirmation (modal in settings, page in the order flow). */
  emailModalOpen: boolean;
  letterStatus: Status;
  /** 'Email is already confirmed' in settings: a warning, not a failure. */
  letterWarning: string | null;
  letterError: string | null;
  confirmStatus: Status;
  confirmError: string | null;
}

const initialState: AccountState = {
  profileStatus: Status.INITIAL,
  profileError: null,
  passwordStatus: Status.INITIAL,
  passwordError: null,
  emailModalOpen: false,
  letterStatus: Status.INITIAL,
  letterWarning: null,
  letterError: null,
  confirmStatus: Status.INITIAL,
  confirmError: null,
};

const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    profileUpdateRequested(state, _action: PayloadAction<{ id: number; body: ProfileUpdate }>) {
      state.profileStatus = Status.LOADING;
      state.profileError = null;
    },
    profileUpdated(state) {
      state.profileStatus = Status.SUCCESS;
    },
    profileUpdateFailed(state, action: PayloadAction<string>) {
      state.profileStatus = Status.ERROR;
      state.profileError = action.payload;
    },

    passwordChangeRequested(state, _action: PayloadAction<PasswordChange>) {
      state.passwordStatus = Status.LOADING;
      state.passwordError = null;
    },
    passwordChanged(state) {
      state.passwordStatus = Status.SUCCESS;
    },
    passwordChangeFailed(state, action: PayloadAction<string>) {
      state.passwordStatus = Status.ERROR;
      state.passwordError = action.payload;
    },

    emailModalOpened(state) {
      state.emailModalOpen = true;
      state.letterStatus = Status.INITIAL;
      state.letterWarning = null;
      state.letterError = null;
      state.confirmStatus = Status.INITIAL;
      state.confirmError = null;
    },
    /** Forgets the last letter and confirmation (a new confirmation starts). */
    emailConfirmationReset(state) {
      state.letterStatus = Status.INITIAL;
      state.letterWarning = null;
      state.letterError = null;
      state.confirmStatus = Status.INITIAL;
      state.confirmError = null;
    },
    emailModalClosed(state) {
      state.emailModalOpen = false;
    },
    confirmationLetterRequested(state, _action: PayloadAction<{ flow: EmailConfirmationFlow }>) {
      state.letterStatus = Status.LOADING;
      state.letterWarning = null;
      state.letterError = null;
    },
    confirmationLetterSent(state) {
      state.letterStatus = Status.SUCCESS;
    },
    /** The e-mail was confirmed already: settings only warn (spec §4). */
    confirmationLetterNotNeeded(state, action: PayloadAction<string>) {
      state.letterStatus = Status.SUCCESS;
      state.letterWarning = action.payload;
    },
    confirmationLetterFailed(state, action: PayloadAction<string>) {
      state.letterStatus = Status.ERROR;
      state.letterError = action.payload;
    },
    emailConfirmationSubmitted(state, _action: PayloadAction<{ token: string; flow: EmailConfirmationFlow }>) {
      state.confirmStatus = Status.LOADING;
      state.confirmError = null;
    },
    /** Success closes the settings modal (spec §4). */
    emailConfirmed(state) {
      state.confirmStatus = Status.SUCCESS;
      state.emailModalOpen = false;
    },
    emailConfirmationFailed(state, action: PayloadAction<string>) {
      state.confirmStatus = Status.ERROR;
      state.confirmError = action.payload;
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
