import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Password hashing and the breached-password check.
 * - New hashes are argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane): the whole password
 *   counts, whatever its length (bcrypt silently ignores everything after 72 bytes).
 * - Hashes made before (bcrypt, `$2a$`/`$2b$`) keep working; `verifyPassword` says when one should be
 *   replaced, which the login does after a right password.
 * - Common passwords: the list of zxcvbn-ts (about 49,000 passwords most often found in published
 *   breaches), shipped with the app and checked locally, case-insensitively.
 */
const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

const isArgon2 = (stored: string) => stored.startsWith('$argon2');

/** Compares a password with a stored hash of either kind; `rehash` is true for a right password under an old kind of hash. */
export async function verifyPassword(password: string, stored: string): Promise<{ ok: boolean; rehash: boolean }> {
  if (isArgon2(stored)) {
    const ok = await verify(stored, password).catch(() => false);
    return { ok, rehash: false };
  }
  const ok = await bcrypt.compare(password, stored).catch(() => false);
  return { ok, rehash: ok };
}

/** A hash to compare against when the user does not exist, so timing does not reveal accounts. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  return (dummyHash ??= hashPassword('no-such-user-password'));
}

let common: Set<string> | null = null;

/** True when the password is one of the commonly breached passwords (any letter case). */
export function isBreachedPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
