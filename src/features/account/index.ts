/**
 * The public surface of the account feature: the only names other features may import from it
 * (enforced by ESLint; see docs/architecture.md).
 */
export { confirmationLetterRequested, emailConfirmationReset, emailConfirmationRequested } from './accountSlice';
export { CONFIRMATION_FAILURE } from './components/confirmationFailure';
export { LanguageSwitcher } from './components/LanguageSwitcher';
