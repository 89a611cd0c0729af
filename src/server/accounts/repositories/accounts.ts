import type { Selectable } from 'kysely';
import type { AuthTokenTable, UserTable } from '@/server/db/schema';
import type { Db } from '@/server/db/createDb';
import { hashToken, newToken } from '@/server/tokens';

/** Reads and writes of users and their tokens (stored as SHA-256 hashes only). */

export type UserRecord = Selectable<UserTable>;
export type TokenKind = AuthTokenTable['kind'];

export async function findUserById(db: Db, id: number): Promise<UserRecord | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function insertUser(
  db: Db,
  user: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    phone: string | null;
    dateOfBirth: string | null;
    locale?: string | null;
    /** The consent to the terms given in the registration form: when, and to which documents. */
    termsAccepted?: { at: string; documents: string } | null;
  },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      email: user.email,
      password_hash: user.passwordHash,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      date_of_birth: user.dateOfBirth,
      email_confirmed: 0,
      role: 'patient',
      staff_laboratory_id: null,
      laboratory_id: null,
      locale: user.locale ?? null,
      ...(user.termsAccepted ? { terms_accepted_at: user.termsAccepted.at, terms_accepted: user.termsAccepted.documents } : {}),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(
  db: Db,
  id: number,
  changes: Partial<Pick<UserRecord, 'first_name' | 'last_name' | 'phone' | 'date_of_birth' | 'laboratory_id' | 'locale' | 'password_hash' | 'email_confirmed'>>,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Stores a new token of `kind` for the user and answers the raw token (shown once, never stored). */
export async function issueToken(db: Db, userId: number, kind: TokenKind, ttlSeconds: number, now = new Date(), sessionId: number | null = null): Promise<string> {
  const token = newToken();
  await db
    .insertInto('auth_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      kind,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
      revoked_at: null,
      session_id: sessionId,
    })
    .execute();
  return token;
}

/**
 * Uses up a single-use token: marks it revoked only if it is of `kind`, unrevoked and unexpired, in
 * one statement (so two concurrent uses cannot both succeed). Answers its user id, or null.
 */
export async function consumeToken(db: Db, token: string, kind: TokenKind, now = new Date()): Promise<number | null> {
  if (token.length > 200) return null;
  const hash = hashToken(token);
  const at = now.toISOString();
  const res = await db
    .updateTable('auth_tokens')
    .set({ revoked_at: at })
    .where('token_hash', '=', hash)
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return null;
  const row = await db.selectFrom('auth_tokens').select('user_id').where('token_hash', '=', hash).executeTakeFirst();
  return row?.user_id ?? null;
}

export async function revokeToken(db: Db, token: string, now = new Date()): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: now.toISOString() }).where('token_hash', '=', hashToken(token)).where('revoked_at', 'is', null).execute();
}

/** Revokes the user's tokens of `kind`, except the one given (the caller's own session). */
export async function revokeUserTokens(db: Db, userId: number, kind: TokenKind, except?: string | null, now = new Date()): Promise<void> {
  let q = db.updateTable('auth_tokens').set({ revoked_at: now.toISOString() }).where('user_id', '=', userId).where('kind', '=', kind).where('revoked_at', 'is', null);
  if (except) q = q.where('token_hash', '!=', hashToken(except));
  await q.execute();
}

/** Revokes every live token of the user, of every kind (sign-ins, reset and activation links), and ends every sign-in session. */
export async function revokeAllUserTokens(db: Db, userId: number, now = new Date()): Promise<number> {
  await db.updateTable('sessions').set({ revoked_at: now.toISOString(), revoked_reason: 'all_revoked' }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  const r = await db.updateTable('auth_tokens').set({ revoked_at: now.toISOString() }).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}


/** Sets a staff member's display name (null: first and last name show). */
export async function setDisplayName(db: Db, userId: number, displayName: string | null, now = new Date()): Promise<void> {
  await db.updateTable('users').set({ display_name: displayName, updated_at: now.toISOString() }).where('id', '=', userId).execute();
}

/** Deletes tokens expired by `at` and tokens revoked before `cutoff`; answers how many went (the purge). */
export async function deleteDeadTokens(db: Db, at: string, cutoff: string): Promise<number> {
  const r = await db
    .deleteFrom('auth_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', at), eb('revoked_at', '<', cutoff)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
