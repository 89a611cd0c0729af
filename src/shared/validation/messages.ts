/**
 * Validation messages of the account, patient and common schemas. They are English sentences that
 * the client also uses as translation keys (namespace `account`), so the server's `fields` answers
 * and the forms show the same texts.
 */
export const VALIDATION_MESSAGES = {
  required: 'This field is required',
  mustBeText: 'Enter text',
  tooLong: 'This text is too long',
  nameInvalid: 'Use letters, spaces, hyphens and apostrophes only',
  nameTooLong: 'Enter at most 100 characters',
  emailInvalid: 'Enter a valid e-mail address',
  emailTooLong: 'An e-mail address has at most 254 characters',
  phoneInvalid: 'Enter a phone number in international form, e.g. +48 600 100 200',
  passwordTooShort: 'The password must have at least 12 characters',
  passwordBreached: 'This password appears in lists of leaked passwords; choose another',
  passwordWeak: 'This password is too easy to guess; see the hints under the field',
  passwordTooLong: 'The password must have at most 128 characters',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  dateInFuture: 'The date of birth cannot be in the future',
  dateTooEarly: 'The date of birth cannot be before 1900-01-01',
  genderInvalid: 'Choose male or female',
  idInvalid: 'Enter a positive whole number',
  laboratoryIdInvalid: 'Enter a valid laboratory id',
  searchTermInvalid: 'Enter 1 to 100 characters to search',
  tokenRequired: 'The token is required',
  booleanInvalid: 'Enter true or false',
  localeInvalid: 'Choose one of the supported languages',
  objectRequired: 'Enter an object',
  passwordOrTokenRequired: 'Enter your current password or the token from the e-mail',
  termsRequired: 'Accept the terms of service and the privacy policy to create an account',
  codeInvalid: 'Enter the 6-character code from the e-mail',
  emailOrSignInRequired: 'Sign in or enter the e-mail address the code was sent to',
} as const;

export type ValidationMessage = (typeof VALIDATION_MESSAGES)[keyof typeof VALIDATION_MESSAGES];

/** Every message above, for the translation files. */
export const ALL_VALIDATION_MESSAGES: readonly ValidationMessage[] = Object.values(VALIDATION_MESSAGES);
