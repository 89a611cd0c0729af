/** Messages of the auth flows (spec §8). English texts that are also keys of the `account` namespace. */
export const AUTH_MESSAGES = {
  suchUserExists: 'Such user exists',
  duplicatingFields: 'Duplicating fields found',
  unknownError: 'Unknown error',
  wrongCredentials: 'Wrong e-mail or password',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  networkError: 'Api client caught error',
  resetFailed: 'The link has expired or was already used. Ask for a new one.',
} as const;
