import type { Db } from '@/server/db/createDb';
import { hashToken, newToken } from '@/server/tokens';

/** Known devices of an account (device cookies; SHA-256 only). */

export const DEVICE_TTL_SECONDS = 180 * 24 * 3600;

/** Whether `token` is a live device cookie of the user. */
export async function isKnownDevice(db: Db, userId: number, token: string | null, now = new Date()): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const row = await db
    .selectFrom('known_devices')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return !!row;
}

/** A new device cookie value for the user (stored hashed). */
export async function rememberDevice(db: Db, userId: number, now = new Date()): Promise<string> {
  const token = newToken();
  await db
    .insertInto('known_devices')
    .values({ token_hash: hashToken(token), user_id: userId, created_at: now.toISOString(), expires_at: new Date(now.getTime() + DEVICE_TTL_SECONDS * 1000).toISOString() })
    .execute();
  return token;
}

/** Forgets every device of the user (password changed, account erased). */
export async function forgetDevices(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('known_devices').where('user_id', '=', userId).execute();
}

/** Deletes the device cookies expired by `now` (the purge). */
export async function deleteExpiredDevices(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('known_devices').where('expires_at', '<', now.toISOString()).execute();
}
