import type { Db } from '@/server/db/createDb';
import { getConfig } from '@/server/config';
import { HttpError, rateLimited, tooManyRequests } from './errors';
import * as attemptsRepo from '@/server/accounts/repositories/loginAttempts';
import { inWriteTransaction } from '@/server/db/transactions';
import { isPostgres } from '@/server/db/kind';
import { addressGroup } from './clientAddress';

/**
 * Login rate limit kept in the database (login_attempts), so it holds across app instances:
 * - per e-mail address, a progressive delay instead of a lock: after 5 failed logins within 15
 *   minutes, the next attempt must wait 5 s after the newest failure, and each further failure
 *   doubles the wait (10 s, 20 s, …, at most 15 minutes). A browser that signed in to the account
 *   before (a known device) is not delayed, so guessing at someone's address cannot lock them out;
 * - per client address (IPv6 grouped by /64), 20 failures within 15 minutes refuse further attempts
 *   until the oldest counted failure leaves the window.
 * Refused attempts get 429 with Retry-After. A successful login clears the address's failures. `reserveAttempts` is the mechanism for any
 * per-key limit over that table (the support form and the other limits use it too): the attempt is
 * reserved atomically before the guarded work, so parallel requests cannot overrun a limit.
 */

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one address before sign-ins to it are delayed. */
export const MAX_FAILURES_PER_EMAIL = 5;
/** The first delay (seconds); it doubles with each further failure, up to the window. */
export const FIRST_DELAY_SECONDS = 5;
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
const ipKey = (ip: string) => `ip:${addressGroup(ip)}`;

/**
 * Seconds until one more attempt under `key` is allowed, or null when fewer than `max` counted
 * attempts lie within the window. `counted` says which rows count: failures only, or every row.
 */
async function retryAfter(db: Db, key: string, max: number, windowMs: number, counted: 'failures' | 'all', now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - windowMs).toISOString();
  const attempts = await attemptsRepo.listRecentAttempts(db, key, since, counted, max);
  if (attempts.length < max) return null;
  // Once the oldest of the last `max` attempts leaves the window, one more attempt is allowed.
  const oldest = attempts[attempts.length - 1]?.at ?? now.toISOString();
  return Math.max(1, Math.ceil((new Date(oldest).getTime() + windowMs - now.getTime()) / 1000));
}

/** The longest wait (seconds) any of the limits imposes now; 0 when every key may go on. */
async function limitWait(
  db: Db,
  limits: { key: string; max: number }[],
  windowMs: number,
  counted: 'failures' | 'all',
  now = new Date(),
): Promise<number> {
  const waits = await Promise.all(limits.map((l) => retryAfter(db, l.key, l.max, windowMs, counted, now)));
  return Math.max(0, ...waits.map((w) => w ?? 0));
}

/**
 * Runs `fn` alone among the callers that name any of `keys`: on SQLite in a `BEGIN IMMEDIATE`
 * transaction (one writer at a time), on PostgreSQL in a transaction holding an advisory lock per key
 * (taken in sorted order, so two callers cannot deadlock).
 */
async function exclusively<T>(db: Db, keys: string[], fn: (trx: Db) => Promise<T>): Promise<T> {
  return inWriteTransaction(db, async (trx) => {
    if (isPostgres(trx)) for (const key of [...new Set(keys)].sort()) await attemptsRepo.lockAttemptKey(trx, key);
    return fn(trx);
  });
}

/**
 * Reserves one attempt under every key before the work it guards is done (a password comparison, a
 * mail): checks the limits and writes the attempt rows in one exclusive step, so parallel requests
 * cannot all pass the check before the first one is recorded. Answers the wait in seconds (0: reserved)
 * and the ids of the reserved rows, which `releaseAttempts` removes again when the attempt should not
 * count. A reserved row of a `failures` limit counts as a failure until released.
 */
export async function reserveAttempts(
  db: Db,
  limits: { key: string; max: number }[],
  windowMs: number,
  counted: 'failures' | 'all',
  now = new Date(),
): Promise<{ wait: number; ids: number[] }> {
  const keys = limits.map((l) => l.key);
  return exclusively(db, keys, async (trx) => {
    const wait = await limitWait(trx, limits, windowMs, counted, now);
    if (wait > 0) return { wait, ids: [] };
    const ids = await attemptsRepo.insertAttempts(trx, keys, now.toISOString(), counted === 'failures' ? 0 : 1);
    await attemptsRepo.deleteAttemptsOutside(trx, keys, new Date(now.getTime() - windowMs).toISOString());
    return { wait: 0, ids };
  });
}

/** Removes reserved attempt rows (e.g. a login that turned out right). */
export async function releaseAttempts(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await attemptsRepo.deleteAttemptsById(db, ids);
}

/**
 * Seconds the address's sign-ins must still wait: 0 below MAX_FAILURES_PER_EMAIL failures in the
 * window; otherwise FIRST_DELAY_SECONDS doubled for every failure past the fifth (at most the window),
 * counted from the newest failure.
 */
async function progressiveWait(db: Db, key: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const failures = await attemptsRepo.listRecentAttempts(db, key, since, 'failures', 40);
  if (failures.length < MAX_FAILURES_PER_EMAIL) return 0;
  const delay = Math.min(LOGIN_WINDOW_MS / 1000, FIRST_DELAY_SECONDS * 2 ** (failures.length - MAX_FAILURES_PER_EMAIL));
  const newest = new Date(failures[0]?.at ?? now.toISOString()).getTime();
  return Math.max(0, Math.ceil((newest + delay * 1000 - now.getTime()) / 1000));
}

/**
 * Reserves a login attempt for the address and the IP before the password is compared: throws
 * RateLimitError when the address's delay has not passed (unless `knownDevice`) or the IP has too many
 * recent failures. The reservation counts as a failure; call the answered function when the password
 * was right, which takes the reservation back and clears the address's failures (except on a known
 * device, whose success says nothing about the others' guesses).
 */
export async function reserveLoginAttempt(db: Db, email: string, ip: string, now = new Date(), opts: { knownDevice?: boolean } = {}): Promise<{ succeeded: () => Promise<void> }> {
  const keys = [emailKey(email), ipKey(ip)];
  const { wait, ids } = await exclusively(db, keys, async (trx) => {
    const ipWait = await limitWait(trx, [{ key: ipKey(ip), max: MAX_FAILURES_PER_IP }], LOGIN_WINDOW_MS, 'failures', now);
    const emailWait = opts.knownDevice ? 0 : await progressiveWait(trx, emailKey(email), now);
    const longest = Math.max(ipWait, emailWait);
    if (longest > 0) return { wait: longest, ids: [] as number[] };
    const ids = await attemptsRepo.insertAttempts(trx, keys, now.toISOString(), 0);
    await attemptsRepo.deleteAttemptsOutside(trx, keys, new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString());
    return { wait: 0, ids };
  });
  if (wait > 0) throw new RateLimitError(wait);
  return {
    succeeded: async () => {
      await releaseAttempts(db, ids);
      // A known device's success leaves the failures (other people's guesses) counting against the rest.
      if (!opts.knownDevice) await attemptsRepo.clearAttempts(db, emailKey(email));
    },
  };
}

export type LimitedAction = 'register' | 'reset' | 'activation' | 'order' | 'support' | 'promo' | 'share' | 'pay' | 'push' | 'invoice' | 'events' | 'notify';

export const TOO_MANY_REQUESTS = 'Too many requests, try again later';

/**
 * The anti-automation limit of an action (configuration `RATE_LIMIT_*`): per client address and per
 * e-mail or account within the window. Reserves one use atomically, or throws 429 with Retry-After.
 * The answered function takes the use back (for a request that turned out invalid). Does nothing
 * when `RATE_LIMITS=off`.
 */
export async function reserveAction(
  db: Db,
  action: LimitedAction,
  who: { ip: string; key: string },
  message = TOO_MANY_REQUESTS,
  now = new Date(),
): Promise<{ release: () => Promise<void> }> {
  const limits = getConfig().rateLimits;
  if (!limits.enabled) return { release: async () => undefined };
  const { perIp, perKey } = limits[action];
  const { wait, ids } = await reserveAttempts(
    db,
    [
      { key: `${action}:ip:${addressGroup(who.ip)}`, max: perIp },
      { key: `${action}:key:${who.key.trim().toLowerCase()}`, max: perKey },
    ],
    limits.windowSeconds * 1000,
    'all',
    now,
  );
  if (wait > 0) throw tooManyRequests(wait, message);
  return { release: () => releaseAttempts(db, ids) };
}
