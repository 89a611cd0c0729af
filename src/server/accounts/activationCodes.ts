import crypto from 'node:crypto';
import type { Db } from '@/server/db/createDb';
import { getConfig } from '@/server/config';
import { tooManyRequests } from '@/server/http/errors';
import { addressGroup } from '@/server/http/clientAddress';
import { releaseAttempts, reserveAttempts } from '@/server/http/rateLimit';
import { ACTIVATION_CODE_ALPHABET, ACTIVATION_CODE_LENGTH, normalizeActivationCode } from '@/shared/validation/activationCode';
import * as repo from '@/server/accounts/repositories/accounts';
import * as codes from '@/server/accounts/repositories/activationCodes';

/**
 * E-mail confirmation by code: every activation link comes with a 6-character code (typed where the
 * link cannot be opened, e.g. the mail read on a phone). The code is stored only as a hash bound to
 * its user, on the link's token row: it expires and is used up with the token. Wrong codes are
 * counted per account and per client address (the login limiter's table); a code is tried for one
 * known account only (the signed-in user or the e-mail given), so 32^6 codes stay out of reach.
 */

/** Wrong codes within the window before further tries wait: per account, per client address. */
export const CODE_TRIES_PER_ACCOUNT = 5;
export const CODE_TRIES_PER_IP = 20;
export const CODE_WINDOW_MS = 15 * 60 * 1000;
export const TOO_MANY_CODE_TRIES = 'Too many wrong codes, try again later';

export function newActivationCode(): string {
  let code = '';
  for (let i = 0; i < ACTIVATION_CODE_LENGTH; i++) code += ACTIVATION_CODE_ALPHABET[crypto.randomInt(ACTIVATION_CODE_ALPHABET.length)];
  return code;
}

/** The stored form of a code: SHA-256 over the user and the normalised code (the same code of two users differs). */
export function hashActivationCode(userId: number, code: string): string {
  return crypto.createHash('sha256').update(`activation-code:${userId}:${normalizeActivationCode(code)}`).digest('hex');
}

/** Issues an activation link's token and its code together (in the caller's transaction). */
export async function issueActivation(db: Db, userId: number, ttlSeconds: number): Promise<{ token: string; code: string }> {
  const token = await repo.issueToken(db, userId, 'activation', ttlSeconds);
  const code = newActivationCode();
  await codes.attachActivationCode(db, token, hashActivationCode(userId, code));
  return { token, code };
}

/**
 * Tries `code` for the account of `email` (unknown addresses are tried like wrong codes, so the
 * answer tells nothing): answers the user id whose activation was used up, or null. Throws 429 with
 * Retry-After once the account or the client address has too many wrong codes in the window.
 */
export async function consumeCodeFor(db: Db, email: string, code: string, ip: string, now = new Date()): Promise<number | null> {
  const user = await repo.findUserByEmail(db, email.trim().toLowerCase());
  const limited = getConfig().rateLimits.enabled;
  let reserved: number[] = [];
  if (limited) {
    const { wait, ids } = await reserveAttempts(
      db,
      [
        { key: `activation-code:email:${email.trim().toLowerCase()}`, max: CODE_TRIES_PER_ACCOUNT },
        { key: `activation-code:ip:${addressGroup(ip)}`, max: CODE_TRIES_PER_IP },
      ],
      CODE_WINDOW_MS,
      'failures',
      now,
    );
    if (wait > 0) throw tooManyRequests(wait, TOO_MANY_CODE_TRIES);
    reserved = ids;
  }
  if (!user || !(await codes.consumeActivationCode(db, user.id, hashActivationCode(user.id, code), now))) return null;
  // A right code does not count against the limits.
  await releaseAttempts(db, reserved);
  return user.id;
}
