import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { HttpError } from './http/errors';

/**
 * Login rate limit kept in the database (login_attempts), so it holds across app instances:
 * 5 failed logins for one e-mail address, or 20 from one IP address, within 15 minutes refuse
 * further attempts with 429 and Retry-After until the oldest counted failure leaves the window.
 * A successful login clears the address's failures.
 */
type Db = Kysely<Database>;

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;
export const TOO_MANY_ATTEMPTS = 'Too many login attempts, try again later';

export class RateLimitError extends HttpError {
  constructor(public readonly retryAfterSeconds: number) {
    super(429, TOO_MANY_ATTEMPTS);
    this.name = 'RateLimitError';
  }
}

const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

async function retryAfter(db: Db, key: string, limit: number, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const failures = await db
    .selectFrom('login_attempts')
    .select('at')
    .where('key', '=', key)
    .where('at', '>', since)
    .where('success', '=', 0)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  if (failures.length < limit) return null;
  // Once the oldest of the last `limit` failures leaves the window, one more attempt is allowed.
  const oldest = failures[failures.length - 1]?.at ?? now.toISOString();
  return Math.max(1, Math.ceil((new Date(oldest).getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000));
}

/** Throws RateLimitError when the address or the IP has too many recent failures. */
export async function assertLoginAllowed(db: Db, email: string, ip: string, now = new Date()): Promise<void> {
  const waits = await Promise.all([retryAfter(db, emailKey(email), MAX_FAILURES_PER_EMAIL, now), retryAfter(db, ipKey(ip), MAX_FAILURES_PER_IP, now)]);
  const wait = Math.max(...waits.map((w) => w ?? 0));
  if (wait > 0) throw new RateLimitError(wait);
}

export async function recordLoginAttempt(db: Db, email: string, ip: string, success: boolean, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const expired = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const keys = [emailKey(email), ipKey(ip)];
  if (success) {
    await db.deleteFrom('login_attempts').where('key', '=', emailKey(email)).execute();
    return;
  }
  await db
    .insertInto('login_attempts')
    .values(keys.map((key) => ({ key, at, success: 0 })))
    .execute();
  await db.deleteFrom('login_attempts').where('key', 'in', keys).where('at', '<', expired).execute();
}
