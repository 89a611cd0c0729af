import type { Selectable } from 'kysely';
import type { SessionTable } from '@/server/db/schema';
import type { Db } from '@/server/db/createDb';
import { hashToken, newToken } from '@/server/tokens';

/**
 * Sign-in sessions and their refresh tokens (SHA-256 only). Ending a session also revokes the access
 * tokens issued in it, so a bearer token stops working at once, not only at its expiry.
 */

export type SessionRecord = Selectable<SessionTable>;

const iso = (d: Date) => d.toISOString();
const plus = (d: Date, seconds: number) => new Date(d.getTime() + seconds * 1000).toISOString();

/** Whether the session is still usable at `now`: not revoked, not idle too long, not past its absolute end. */
export function sessionAlive(s: Pick<SessionRecord, 'revoked_at' | 'idle_expires_at' | 'absolute_expires_at'>, now: Date): boolean {
  const at = iso(now);
  return !s.revoked_at && s.idle_expires_at > at && s.absolute_expires_at > at;
}

/** The idle expiry after a use at `now`, never past the absolute end. */
function idleEnd(s: Pick<SessionRecord, 'idle_seconds' | 'absolute_expires_at'>, now: Date): string {
  const idle = plus(now, s.idle_seconds);
  return idle < s.absolute_expires_at ? idle : s.absolute_expires_at;
}

export async function insertSession(
  db: Db,
  s: { userId: number; userAgent: string; idleSeconds: number; absoluteSeconds: number },
  now: Date,
): Promise<SessionRecord> {
  const absolute = plus(now, s.absoluteSeconds);
  const idle = plus(now, Math.min(s.idleSeconds, s.absoluteSeconds));
  return db
    .insertInto('sessions')
    .values({
      user_id: s.userId,
      created_at: iso(now),
      last_used_at: iso(now),
      idle_seconds: s.idleSeconds,
      idle_expires_at: idle,
      absolute_expires_at: absolute,
      user_agent: s.userAgent.slice(0, 100),
      revoked_at: null,
      revoked_reason: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findSession(db: Db, id: number): Promise<SessionRecord | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records a use of the session: last use and idle expiry move on. */
export async function touchSession(db: Db, s: Pick<SessionRecord, 'id' | 'idle_seconds' | 'absolute_expires_at'>, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: iso(now), idle_expires_at: idleEnd(s, now) }).where('id', '=', s.id).where('revoked_at', 'is', null).execute();
}

/** Stores a new refresh token for the session and answers the raw token (shown once, never stored). */
export async function issueRefreshToken(db: Db, sessionId: number, now: Date): Promise<string> {
  const token = newToken();
  await db.insertInto('refresh_tokens').values({ token_hash: hashToken(token), session_id: sessionId, created_at: iso(now), replaced_at: null }).execute();
  return token;
}

export type RefreshUse = { kind: 'unknown' } | { kind: 'reused'; session: SessionRecord } | { kind: 'used'; session: SessionRecord };

/**
 * Uses up a refresh token in one conditional update, so of two concurrent uses only one succeeds.
 * A token already replaced is `reused` (someone holds a copy); one never issued is `unknown`.
 */
export async function useRefreshToken(db: Db, token: string, now: Date): Promise<RefreshUse> {
  if (token.length > 200) return { kind: 'unknown' };
  const hash = hashToken(token);
  const row = await db.selectFrom('refresh_tokens').select(['session_id', 'replaced_at']).where('token_hash', '=', hash).executeTakeFirst();
  if (!row) return { kind: 'unknown' };
  const session = await findSession(db, row.session_id);
  if (!session) return { kind: 'unknown' };
  if (row.replaced_at) return { kind: 'reused', session };
  const res = await db.updateTable('refresh_tokens').set({ replaced_at: iso(now) }).where('token_hash', '=', hash).where('replaced_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? { kind: 'used', session } : { kind: 'reused', session };
}

/** Ends the sessions matched and revokes their access tokens; answers the ids ended. */
async function revokeWhere(db: Db, ids: number[], reason: string, now: Date): Promise<number[]> {
  if (!ids.length) return [];
  await db.updateTable('sessions').set({ revoked_at: iso(now), revoked_reason: reason.slice(0, 50) }).where('id', 'in', ids).where('revoked_at', 'is', null).execute();
  await db.updateTable('auth_tokens').set({ revoked_at: iso(now) }).where('session_id', 'in', ids).where('revoked_at', 'is', null).execute();
  return ids;
}

/** Ends one session of the user; false when the user has no such live session. */
export async function revokeSession(db: Db, userId: number, sessionId: number, reason: string, now: Date): Promise<boolean> {
  const s = await db.selectFrom('sessions').select('id').where('id', '=', sessionId).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
  if (!s) return false;
  await revokeWhere(db, [s.id], reason, now);
  return true;
}

/** Ends every open session of the user, except `exceptSessionId` if given; answers how many ended. */
export async function revokeUserSessions(db: Db, userId: number, reason: string, exceptSessionId: number | null, now: Date): Promise<number> {
  let q = db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptSessionId !== null) q = q.where('id', '!=', exceptSessionId);
  const ids = (await q.execute()).map((r) => r.id);
  return (await revokeWhere(db, ids, reason, now)).length;
}

/** The user's sessions still usable at `now`, the most recently used first. */
export async function listLiveSessions(db: Db, userId: number, now: Date): Promise<SessionRecord[]> {
  const at = iso(now);
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('idle_expires_at', '>', at)
    .where('absolute_expires_at', '>', at)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/** The session an access token belongs to (null for tokens without one); a token already revoked, or unknown, is `undefined`. */
export async function sessionIdOfLiveToken(db: Db, token: string): Promise<number | null | undefined> {
  if (token.length > 200) return undefined;
  const row = await db.selectFrom('auth_tokens').select(['session_id', 'revoked_at']).where('token_hash', '=', hashToken(token)).where('kind', '=', 'access').executeTakeFirst();
  if (!row || row.revoked_at) return undefined;
  return row.session_id ?? null;
}

/** The session an access token belongs to (null for tokens without one). */
export async function sessionIdOfToken(db: Db, token: string): Promise<number | null> {
  if (token.length > 200) return null;
  const row = await db.selectFrom('auth_tokens').select('session_id').where('token_hash', '=', hashToken(token)).executeTakeFirst();
  return row?.session_id ?? null;
}

/** An access token's user and the state of its sign-in session (left joined: a token may have none). */
export async function findAccessToken(db: Db, token: string) {
  return db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .leftJoin('sessions', 'sessions.id', 'auth_tokens.session_id')
    .select([
      'users.id',
      'users.email',
      'users.role',
      'users.staff_laboratory_id',
      'users.staff_role',
      'auth_tokens.expires_at',
      'auth_tokens.revoked_at',
      'auth_tokens.session_id',
      'sessions.revoked_at as session_revoked_at',
      'sessions.last_used_at',
      'sessions.idle_seconds',
      'sessions.idle_expires_at',
      'sessions.absolute_expires_at',
    ])
    .where('auth_tokens.token_hash', '=', hashToken(token))
    .where('auth_tokens.kind', '=', 'access')
    .executeTakeFirst();
}

/**
 * Of the given access-token hashes, those still good at `now` (not revoked or expired, their sign-in
 * session alive): one query for all the open event streams of a process.
 */
export async function liveAccessTokenHashes(db: Db, hashes: string[], now: Date): Promise<Set<string>> {
  if (!hashes.length) return new Set();
  const rows = await db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .leftJoin('sessions', 'sessions.id', 'auth_tokens.session_id')
    .select(['auth_tokens.token_hash', 'auth_tokens.expires_at', 'auth_tokens.revoked_at', 'auth_tokens.session_id', 'sessions.revoked_at as session_revoked_at', 'sessions.idle_expires_at', 'sessions.absolute_expires_at'])
    .where('auth_tokens.token_hash', 'in', hashes)
    .where('auth_tokens.kind', '=', 'access')
    .execute();
  const at = iso(now);
  return new Set(
    rows
      .filter((r) => !r.revoked_at && r.expires_at > at && (r.session_id == null || sessionAlive({ revoked_at: r.session_revoked_at, idle_expires_at: r.idle_expires_at ?? '', absolute_expires_at: r.absolute_expires_at ?? '' }, now)))
      .map((r) => r.token_hash),
  );
}

/** Deletes the sessions that ended before `cutoff` (revoked, idle or past their end) with their refresh tokens; answers how many sessions went (the purge). */
export async function deleteEndedSessions(db: Db, cutoff: string): Promise<number> {
  const ended = db
    .selectFrom('sessions')
    .select('id')
    .where((eb) => eb.or([eb('revoked_at', '<', cutoff), eb('idle_expires_at', '<', cutoff), eb('absolute_expires_at', '<', cutoff)]));
  await db.deleteFrom('refresh_tokens').where('session_id', 'in', ended).execute();
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('revoked_at', '<', cutoff), eb('idle_expires_at', '<', cutoff), eb('absolute_expires_at', '<', cutoff)]))
    .executeTakeFirst();
  return Number(sessions.numDeletedRows);
}
