import crypto from 'node:crypto';

/** Bearer, refresh, reset and device tokens: 32 random bytes, stored only as their SHA-256. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}
