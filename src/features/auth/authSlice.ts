import { createSelector, createSlice, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';
import { reset, resource, resourceReducers, type Resource } from '@/lib/store/resource';
import { AUTH_MESSAGES } from './authMessages';
import type { LoginRequest, NewPasswordRequest, RegisterRequest } from './authApi';
import type { CurrentUserDto } from '@/shared/types/api';

/**
 * Current user (spec §3): the wire type `users/current` answers (src/shared/types), as much of it as the
 * client keeps (a user restored from an earlier answer may lack the role).
 */
export type CurrentUser = Omit<CurrentUserDto, 'role' | 'laboratoryId' | 'staffLaboratoryId' | 'locale'> & Partial<Pick<CurrentUserDto, 'role'>>;

export type AuthModalMode = 'register' | 'login';

/** The three parts of the login page (spec §2). */
export type LoginPagePart = 'loginForm' | 'resetPasswordForm' | 'resetPasswordSuccess';

export interface AuthState {
  /** Logged in initially when a token is stored (set by the shell on start). */
  isLoggedIn: boolean;
  currentUser: Resource<CurrentUser | null>;
  login: Resource<null>;
  /** The failure's message is always 'Duplicating fields found' (spec §8); the form says why from its code. */
  register: Resource<null>;
  modalOpen: boolean;
  modalMode: AuthModalMode;
  /** Where to go after logging in or registering through the modal (the cart, the orders or results); null: as usual. */
  modalReturnTo: string | null;
  loginPagePart: LoginPagePart;
  /** Asking for a password reset mail. */
  resetRequest: Resource<null>;
  /** Setting a new password with the mailed token. */
  newPassword: Resource<null>;
}

const initialState: AuthState = {
  isLoggedIn: false,
  currentUser: resource(null),
  login: resource(null),
  register: resource(null),
  modalOpen: false,
  modalMode: 'login',
  modalReturnTo: null,
  loginPagePart: 'loginForm',
  resetRequest: resource(null),
  newPassword: resource(null),
};

/** Forgets a form's message; a failed form is shown afresh. */
function forgetFailure(r: Draft<Resource<null>>): void {
  r.error = null;
  if (r.status === Status.ERROR) r.status = Status.INITIAL;
}

function forgetRegisterFailure(state: Draft<AuthState>): void {
  state.register.error = null;
}

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
    ...resourceReducers<AuthState, CurrentUser>()('currentUser', (s) => s.currentUser),

    ...resourceReducers<AuthState, null, LoginRequest>()('login', (s) => s.login, {
      received: (state) => {
        state.modalOpen = false;
      },
    }),

    /** After a successful register the auth modal mode becomes `login` (spec §4). */
    ...resourceReducers<AuthState, null, RegisterRequest>()('register', (s) => s.register, {
      received: (state) => {
        state.modalMode = 'login';
      },
    }),

    /** Opens the modal in a mode, optionally with where to go once logged in (`{ mode, returnTo }`). */
    authModalOpened(state, action: PayloadAction<AuthModalMode | { mode: AuthModalMode; returnTo: string | null }>) {
      state.modalOpen = true;
      state.modalMode = typeof action.payload === 'string' ? action.payload : action.payload.mode;
      state.modalReturnTo = typeof action.payload === 'string' ? null : action.payload.returnTo;
    },
    authModalModeSet(state, action: PayloadAction<AuthModalMode>) {
      state.modalMode = action.payload;
      state.login.error = null;
      forgetRegisterFailure(state);
    },
    authModalClosed(state) {
      state.modalOpen = false;
      state.modalReturnTo = null;
    },
    /** Clears the messages of the forms (when a form is shown again). */
    authErrorsCleared(state) {
      forgetFailure(state.login);
      forgetRegisterFailure(state);
      if (state.register.status === Status.ERROR) state.register.status = Status.INITIAL;
      state.resetRequest.error = null;
      if (state.newPassword.status !== Status.LOADING) reset(state.newPassword);
    },

    loginPagePartSet(state, action: PayloadAction<LoginPagePart>) {
      state.loginPagePart = action.payload;
      state.login.error = null;
      reset(state.resetRequest);
    },
    ...resourceReducers<AuthState, null, string>()('passwordReset', (s) => s.resetRequest, {
      received: (state) => {
        state.loginPagePart = 'resetPasswordSuccess';
      },
    }),

    ...resourceReducers<AuthState, null, NewPasswordRequest>()('newPassword', (s) => s.newPassword, {
      received: (state) => {
        state.loginPagePart = 'loginForm';
      },
    }),
  },
});

export const {
  loggedIn,
  logout,
  currentUserRequested,
  currentUserReceived,
  currentUserFailed,
  loginRequested,
  loginReceived,
  loginFailed,
  registerRequested,
  registerReceived,
  registerFailed,
  authModalOpened,
  authModalModeSet,
  authModalClosed,
  authErrorsCleared,
  loginPagePartSet,
  passwordResetRequested,
  passwordResetReceived,
  passwordResetFailed,
  newPasswordRequested,
  newPasswordReceived,
  newPasswordFailed,
} = authSlice.actions;
export default authSlice.reducer;

type WithAuth = { auth: AuthState };

/** The logged-in user, once loaded (null before and after a session). */
export const selectCurrentUser = (s: WithAuth): CurrentUser | null => s.auth.currentUser.data;
/** Loading the current user: INITIAL, LOADING, SUCCESS or ERROR. */
export const selectCurrentUserStatus = (s: WithAuth): Status => s.auth.currentUser.status;


const noMarks: Record<string, string> = {};

/**
 * The register form's fields to mark, with their message: the fields the server named; a 400
 * without fields means the user exists (spec §5), so the e-mail is the duplicated field.
 */
export const selectRegisterFieldMarks = createSelector([(s: WithAuth) => s.auth.register.error], (error): Record<string, string> => {
  if (!error) return noMarks;
  if (error.status === 400 && Object.keys(error.fields).length === 0) return { email: AUTH_MESSAGES.suchUserExists };
  return error.fields;
});
