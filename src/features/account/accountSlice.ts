import { createSlice, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import { reset, resource, resourceReducers, succeed, type Resource } from '@/lib/store/resource';
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
    ...resourceReducers<AccountState, null, { id: number; body: ProfileUpdate }>()('profileUpdate', (s) => s.profile),
    ...resourceReducers<AccountState, null, PasswordChange>()('passwordChange', (s) => s.password),

    emailModalOpened(state) {
      state.emailModalOpen = true;
      forgetConfirmation(state);
    },
    /** Forgets the last letter and confirmation (a new confirmation starts). */
    emailConfirmationReset: forgetConfirmation,
    emailModalClosed(state) {
      state.emailModalOpen = false;
    },
    ...resourceReducers<AccountState, null, { flow: EmailConfirmationFlow }>()('confirmationLetter', (s) => s.letter, {
      requested: (state) => {
        state.letterWarning = null;
      },
    }),
    /** The e-mail was confirmed already: settings only warn (spec §4). */
    confirmationLetterNotNeeded(state, action: PayloadAction<string>) {
      succeed(state.letter, null);
      state.letterWarning = action.payload;
    },
    /** Success closes the settings modal (spec §4). */
    ...resourceReducers<AccountState, null, { token: string; flow: EmailConfirmationFlow; email?: string }>()('emailConfirmation', (s) => s.confirm, {
      received: (state) => {
        state.emailModalOpen = false;
      },
    }),
  },
  extraReducers: (builder) => {
    builder.addCase(logout, () => initialState);
  },
});

export const {
  profileUpdateRequested,
  profileUpdateReceived,
  profileUpdateFailed,
  passwordChangeRequested,
  passwordChangeReceived,
  passwordChangeFailed,
  emailModalOpened,
  emailModalClosed,
  emailConfirmationReset,
  confirmationLetterRequested,
  confirmationLetterReceived,
  confirmationLetterNotNeeded,
  confirmationLetterFailed,
  emailConfirmationRequested,
  emailConfirmationReceived,
  emailConfirmationFailed,
} = accountSlice.actions;
export default accountSlice.reducer;
