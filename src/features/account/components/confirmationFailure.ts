import type { FailureTexts } from '@/components/useFailureText';

const TOKEN_NOT_FOUND = 'account:failure.tokenNotFound';

/** A confirmation code that is unknown, used or malformed says so; anything else is a general failure (spec §4). */
export const CONFIRMATION_FAILURE: FailureTexts = {
  codes: { confirmation_token_not_found: TOKEN_NOT_FOUND, validation_failed: TOKEN_NOT_FOUND, rate_limited: 'common:failure.rateLimited' },
  // The lab backend answers an unknown code with a bare status (see failedWith in accountSaga).
  statuses: { 400: TOKEN_NOT_FOUND, 404: TOKEN_NOT_FOUND, 500: TOKEN_NOT_FOUND },
  fallback: 'account:failure.confirmFailed',
};

/** The letter could not be sent: too many letters asked for, or a general failure. */
export const LETTER_FAILURE: FailureTexts = {
  codes: { rate_limited: 'common:failure.rateLimited' },
  fallback: 'account:failure.letterFailed',
};
