/** An error with an HTTP status; turned into `{error, fields?}` JSON in one place (see route.ts). */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
export const unauthorized = (message = 'Not authorized') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, message, fields);
export const tooManyRequests = (message = 'Too many attempts, try again later') => new HttpError(429, message);

export interface ErrorBody {
  error: string;
  fields?: Record<string, string>;
}
