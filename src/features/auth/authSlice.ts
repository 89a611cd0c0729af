import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';
import type { LoginRequest, NewPasswordRequest, RegisterRequest } from './authApi';

/** Current user (spec §3). */
export interface CurrentUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  emailConfirmed: boolean;
  phone: string | null;
  dateOfBirth: string | null;
  role?: 'patient' | 'staff';
  /** For staff: `nurse` sees only their visits (`/staff/visits`). */
  staffRole?: 'staff' | 'nurse' | null;
}

export type AuthModalMode = 'REGISTER' | 'LOGIN';

/** The three parts of the login page (spec §2). */
export type LoginPagePart = 'loginForm' | 'resetPasswordForm' | 'resetPasswordSuccess';

export interface RegisterFailure {
  /** The UI message: always 'Duplicating fields found' (spec §8). */
  message: string;
  /** The server's reason, e.g. 'Such user exists'. */
  reason: string;
  /** Form fields to mark, with their message. */
  fields: Record<string, string>;
}

export interface AuthState {
  /** Logged in initially when a token is stored (set by the shell on start). */
  isLoggedIn: boolean;
  currentUser: CurrentUser | null;
  currentUserStatus: Status;
  loginStatus: Status;
  registerStatus: Status;
  loginError: string | null;
  registerError: RegisterFailure | null;
  modalOpen: boolean;
  modalMode: AuthModalMode;
  loginPagePart: LoginPagePart;
  /** Asking for a password reset mail. */
  resetRequestStatus: Status;
  resetRequestError: string | null;
  /** Setting a new password with the mailed token. */
  newPasswordStatus: Status;
  newPasswordError: string | null;
}

const initialState: AuthState = {
  isLoggedIn: false,
  currentUser: null,
  currentUserStatus: Status.INITIAL,
  loginStatus: Status.INITIAL,
  registerStatus: Status.INITIAL,
  loginError: null,
  registerError: null,
  modalOpen: false,
  modalMode: 'LOGIN',
  loginPagePart: 'loginForm',
  resetRequestStatus: Status.INITIAL,
  resetRequestError: null,
  newPasswordStatus: Status.INITIAL,
  newPasswordError: null,
};

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** The stored token was found at start-up (or set after login/register). */
    loggedIn(state) {
      state.isLoggedIn = true;
    },
    /** Clears the session: the auth saga removes the token and revokes it on the server. */
    logout() {
      return initialState;
    },
    currentUserRequested(state) {
      state.currentUserStatus = Status.LOADING;
    },
    currentUserReceived(state, action: PayloadAction<CurrentUser>) {
      state.currentUser = action.payload;
      state.currentUserStatus = Status.SUCCESS;
    },
    currentUserFailed(state) {
      state.currentUserStatus = Status.ERROR;
    },

    loginRequested(state, _action: PayloadAction<LoginRequest>) {
      state.loginStatus = Status.LOADING;
      state.loginError = null;
    },
    loginSucceeded(state) {
      state.loginStatus = Status.SUCCESS;
      state.loginError = null;
      state.modalOpen = false;
    },
    loginFailed(state, action: PayloadAction<string>) {
      state.loginStatus = Status.ERROR;
      state.loginError = action.payload;
    },

    registerRequested(state, _action: PayloadAction<RegisterRequest>) {
      state.registerStatus = Status.LOADING;
      state.registerError = null;
    },
    /** After a successful register the auth modal mode becomes LOGIN (spec §4). */
    registerSucceeded(state) {
      state.registerStatus = Status.SUCCESS;
      state.registerError = null;
      state.modalMode = 'LOGIN';
    },
    registerFailed(state, action: PayloadAction<RegisterFailure>) {
      state.registerStatus = Status.ERROR;
      state.registerError = action.payload;
    },

    authModalOpened(state, action: PayloadAction<AuthModalMode>) {
      state.modalOpen = true;
      state.modalMode = action.payload;
    },
    authModalModeSet(state, action: PayloadAction<AuthModalMode>) {
      state.modalMode = action.payload;
      state.loginError = null;
      state.registerError = null;
    },
    authModalClosed(state) {
      state.modalOpen = false;
    },
    /** Clears the messages of the forms (when a form is shown again). */
    authErrorsCleared(state) {
      state.loginError = null;
      state.registerError = null;
      state.resetRequestError = null;
      state.newPasswordError = null;
      if (state.loginStatus === Status.ERROR) state.loginStatus = Status.INITIAL;
      if (state.registerStatus === Status.ERROR) state.registerStatus = Status.INITIAL;
      if (state.newPasswordStatus !== Status.LOADING) state.newPasswordStatus = Status.INITIAL;
    },

    loginPagePartSet(state, action: PayloadAction<LoginPagePart>) {
      state.loginPagePart = action.payload;
      state.loginError = null;
      state.resetRequestError = null;
      state.resetRequestStatus = Status.INITIAL;
    },
    passwordResetRequested(state, _action: PayloadAction<string>) {
      state.resetRequestStatus = Status.LOADING;
      state.resetRequestError = null;
    },
    passwordResetSucceeded(state) {
      state.resetRequestStatus = Status.SUCCESS;
      state.loginPagePart = 'resetPasswordSuccess';
    },
    passwordResetFailed(state, action: PayloadAction<string>) {
      state.resetRequestStatus = Status.ERROR;
      state.resetRequestError = action.payload;
    },

    newPasswordRequested(state, _action: PayloadAction<NewPasswordRequest>) {
      state.newPasswordStatus = Status.LOADING;
      state.newPasswordError = null;
    },
    newPasswordSucceeded(state) {
      state.newPasswordStatus = Status.SUCCESS;
      state.loginPagePart = 'loginForm';
    },
    newPasswordFailed(state, action: PayloadAction<string>) {
      state.newPasswordStatus = Status.ERROR;
      state.newPasswordError = action.payload;
    },
  },
});

export const {
  loggedIn,
  logout,
  currentUserRequested,
  currentUserReceived,
  currentUserFailed,
  loginRequested,
  loginSucceeded,
  loginFailed,
  registerRequested,
  registerSucceeded,
  registerFailed,
  authModalOpened,
  authModalModeSet,
  authModalClosed,
  authErrorsCleared,
  loginPagePartSet,
  passwordResetRequested,
  passwordResetSucceeded,
  passwordResetFailed,
  newPasswordRequested,
  newPasswordSucceeded,
  newPasswordFailed,
} = authSlice.actions;
export default authSlice.reducer;
