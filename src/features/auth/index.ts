/**
 * The public surface of the auth feature: the only names other features may import from it
 * (enforced by ESLint; see docs/architecture.md).
 */
export { currentUserFailed, currentUserReceived, currentUserRequested, loggedIn, logout, selectCurrentUser, selectCurrentUserStatus, type CurrentUser } from './authSlice';
export { LoginForm } from './components/LoginForm';
export { RegisterForm } from './components/RegisterForm';
export { useSession, type Session } from './useSession';
export { AuthModalHost, useAccountAction } from './components/AuthModalHost';
