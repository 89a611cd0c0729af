/** Messages of settings and e-mail confirmation (spec §8). English texts that are keys of the `account` namespace. */
export const ACCOUNT_MESSAGES = {
  profileUpdated: 'User profile has been successfully updated',
  errorOccurred: 'Error occurred',
  passwordChanged: 'Your password has been successfully changed',
  passwordChangeFailed: 'Failed to change password, see console',
  emailAlreadyConfirmed: 'Email is already confirmed',
  tokenNotFound: 'Email confirmation token not found',
  letterFailed: 'Could not send the letter. Please try again.',
  confirmFailed: 'Could not confirm the e-mail. Please try again.',
} as const;
