import { codeOfStatus, ERROR_CODES, type ErrorCode } from '@/shared/errorCodes';

export interface HttpErrorOptions {
  /** Field errors, answered as `fields`. */
  fields?: Record<string, string>;
  /** The machine-readable code (`src/shared/errorCodes.ts`); the status's generic code when absent. */
  code?: ErrorCode;
  /** Response headers the answer carries (e.g. `Retry-After`). */
  headers?: Record<string, string>;
  /** More members of the answer (e.g. the `orderId` of an order kept while its payment could not start). */
  extra?: Record<string, unknown>;
}

/** An error with an HTTP status; turned into `{error, code, fields?}` JSON in one place (see route.ts). */
export class HttpError extends Error {
  public readonly fields?: Record<string, string>;
  public readonly code: ErrorCode;
  public readonly headers: Record<string, string>;
  public readonly extra: Record<string, unknown>;

  constructor(
    public readonly status: number,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.fields = options.fields;
    this.code = options.code ?? codeOfStatus(status);
    this.headers = options.headers ?? {};
    this.extra = options.extra ?? {};
  }
}

export const badRequest = (message: string, fields?: Record<string, string>, code?: ErrorCode) => new HttpError(400, message, { fields, code });
export const unauthorized = (message = 'Not authorized') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found', code?: ErrorCode) => new HttpError(404, message, { code });
export const conflict = (message: string, fields?: Record<string, string>, code?: ErrorCode) => new HttpError(409, message, { fields, code });
/** The options of a 429: its code and `Retry-After` in whole seconds (at least 1). */
export const rateLimited = (retryAfterSeconds: number): HttpErrorOptions => ({
  code: ERROR_CODES.rateLimited,
  headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
});
/** 429 with `Retry-After`: every rate limit answers through this (or `rateLimited`). */
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts, try again later') => new HttpError(429, message, rateLimited(retryAfterSeconds));

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  fields?: Record<string, string>;
}
