import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';

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
}

export type AuthModalMode = 'REGISTER' | 'LOGIN';

export interface AuthState {
  /** Logged in initially when a token is stored (set by the shell on start). */
  isLoggedIn: boolean;
  currentUser: CurrentUser | null;
  currentUserStatus: Status;
  loginStatus: Status;
  registerStatus: Status;
  loginError: string | null;
  modalOpen: boolean;
  modalMode: AuthModalMode;
}

const initialState: AuthState = {
  isLoggedIn: false,
  currentUser: null,
  currentUserStatus: Status.INITIAL,
  loginStatus: Status.INITIAL,
  registerStatus: Status.INITIAL,
  loginError: null,
  modalOpen: false,
  modalMode: 'LOGIN',
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
  },
});

export const { loggedIn, logout, currentUserRequested, currentUserReceived, currentUserFailed } = authSlice.actions;
export const authActions = authSlice.actions;
export default authSlice.reducer;
