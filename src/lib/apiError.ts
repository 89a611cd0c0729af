import type { ErrorCode } from '@/shared/errorCodes';

/*
 * The API's failures as the client sees them, apart from the HTTP client itself (src/lib/apiClient.ts,
 * axios): slices and components judge failures without loading axios with every page.
 */

/** Messages of spec §8. */
export const NETWORK_ERROR_MESSAGE = 'Api client caught error';
export const NOT_AUTHORIZED_MESSAGE = 'Not authorized';

/**
 * An API failure with the server's status, message, code and field errors (`{error, code, fields}`).
 * Decisions are taken on `code` (`src/shared/errorCodes.ts`); `message` is only shown.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number | null,
    public readonly fields: Record<string, string> = {},
    public readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Whether a failure is the case `code` names. Decided on the server's code; an answer without a code
 * (a lab backend that answers some cases with a bare status, spec §8) is judged by `legacyStatuses`.
 */
export function failedWith(e: unknown, code: ErrorCode, legacyStatuses: readonly number[] = []): boolean {
  if (!(e instanceof ApiError)) return false;
  if (e.code !== null) return e.code === code;
  return e.status !== null && legacyStatuses.includes(e.status);
}
