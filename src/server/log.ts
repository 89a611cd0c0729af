import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * The server's one logger: structured JSON lines (pino). Secrets and health data never reach it:
 * the `redact` paths below censor tokens, passwords, cookies, mail bodies and result values wherever
 * a call site passes them, and request lines carry the path without its query and with long
 * token-like segments (share links, reset tokens) replaced. Silent under jest unless LOG_LEVEL is set.
 */
export const REDACT_PATHS = [
  'authorization',
  'cookie',
  'password',
  'oldPassword',
  'newPassword',
  'token',
  'access_token',
  'accessToken',
  'body',
  'text',
  'html',
  'value',
  'entries',
  'headers.authorization',
  'headers.cookie',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.token',
  '*.access_token',
  '*.accessToken',
  '*.body',
  '*.text',
  '*.html',
  '*.value',
  '*.entries',
  'err.detail',
  'err.parameters',
];

function create(destination?: DestinationStream, level?: string): Logger {
  const options = {
    level: level ?? process.env.LOG_LEVEL ?? (process.env.JEST_WORKER_ID ? 'silent' : 'info'),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: undefined,
  };
  return destination ? pino(options, destination) : pino(options);
}

let current: Logger | null = null;

export function log(): Logger {
  current ??= create();
  return current;
}

/** Tests capture the log in a stream of their own (at `debug`), or go back to the default with none. */
export function setLogForTests(destination: DestinationStream | null): void {
  current = destination ? create(destination, 'debug') : null;
}

/** A payment session id (`o<order id>-<random>`, docs/payments.md), of any length. */
const PAYMENT_SESSION = /(^|\/)o\d+-[A-Za-z0-9_-]+(?=\/|$)/g;

/**
 * A request path fit for the log: no query string; payment session ids replaced by their pattern
 * (whatever their length: an order 1-9 makes a short one), other token-like segments by length.
 */
export function safePath(url: string | undefined): string {
  return (url ?? '')
    .split('?')[0]!
    .replace(PAYMENT_SESSION, '$1[redacted]')
    .replace(/[A-Za-z0-9_-]{20,}/g, '[redacted]');
}
