import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { HttpError, rateLimited } from './http/errors';

/**
 * Login rate limit kept in the database (login_attempts), so it holds across app instances:
 * 5 failed logins for one e-mail address, or 20 from one IP address, within 15 minutes refuse
 * further attempts with 429 and Retry-After until the oldest counted failure leaves the window.
 * A successful login clears the address's failures. `limitWait` and `recordAttempts` are the
 * mechanism for any per-key limit over that table (the support form uses them too).
 */
type Db = Kysely<Database>;

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;
export const TOO_MANY_ATTEMPTS = 'Too many login attempts, try again later';

/** A refused login: 429 with `Retry-After` (set on the answer by the route, as for every HttpError). */
export class RateLimitError extends HttpError {
  constructor(public readonly retryAfterSeconds: number) {
    super(429, TOO_MANY_ATTEMPTS, rateLimited(retryAfterSeconds));
    this.name = 'RateLimitError';
  }
}

const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Seconds until one more attempt under `key` is allowed, or null when fewer than `max` counted
 * attempts lie within the window. `counted` says which rows count: failures only, or every row.
 */
async function retryAfter(db: Db, key: string, max: number, windowMs: number, counted: 'failures' | 'all', now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - windowMs).toISOString();
  let query = db.selectFrom('login_attempts').select('at').where('key', '=', key).where('at', '>', since);
  if (counted === 'failures') query = query.where('success', '=', 0);
  const attempts = await query.orderBy('at', 'desc').limit(max).execute();
  if (attempts.length < max) return null;
  // Once the oldest of the last `max` attempts leaves the window, one more attempt is allowed.
  const oldest = attempts[attempts.length - 1]?.at ?? now.toISOString();
  return Math.max(1, Math.ceil((new Date(oldest).getTime() + windowMs - now.getTime()) / 1000));
}

/** The longest wait (seconds) any of the limits imposes now; 0 when every key may go on. */
export async function limitWait(
  db: Db,
  limits: { key: string; max: number }[],
  windowMs: number,
  counted: 'failures' | 'all',
  now = new Date(),
): Promise<number> {
  const waits = await Promise.all(limits.map((l) => retryAfter(db, l.key, l.max, windowMs, counted, now)));
  return Math.max(0, ...waits.map((w) => w ?? 0));
}

/** Records one attempt under each key and drops those keys' rows that have left the window. */
export async function recordAttempts(db: Db, keys: string[], success: boolean, windowMs: number, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const expired = new Date(now.getTime() - windowMs).toISOString();
  await db
    .insertInto('login_attempts')
    .values(keys.map((key) => ({ key, at, success: success ? 1 : 0 })))
    .execute();
  await db.deleteFrom('login_attempts').where('key', 'in', keys).where('at', '<', expired).execute();
}

/** Throws RateLimitError when the address or the IP has too many recent failures. */
export async function assertLoginAllowed(db: Db, email: string, ip: string, now = new Date()): Promise<void> {
  const limits = [
    { key: emailKey(email), max: MAX_FAILURES_PER_EMAIL },
    { key: ipKey(ip), max: MAX_FAILURES_PER_IP },
  ];
  const wait = await limitWait(db, limits, LOGIN_WINDOW_MS, 'failures', now);
  if (wait > 0) throw new RateLimitError(wait);
}

export async function recordLoginAttempt(db: Db, email: string, ip: string, success: boolean, now = new Date()): Promise<void> {
  if (success) {
    await db.deleteFrom('login_attempts').where('key', '=', emailKey(email)).execute();
    return;
  }
  await recordAttempts(db, [emailKey(email), ipKey(ip)], false, LOGIN_WINDOW_MS, now);
}
