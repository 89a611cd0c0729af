import type { Db } from '@/server/db/createDb';
import type { SessionDto } from '@/shared/types/api';
import { getConfig } from '@/server/config';
import { notFound, unauthorized } from '@/server/http/errors';
import type { AuthUser } from '@/server/http/auth';
import * as accountsRepo from '@/server/accounts/repositories/accounts';
import * as repo from '@/server/accounts/repositories/sessions';
import * as notificationsRepo from '@/server/notifications/repositories/notifications';
import { actorOf, recordAudit } from '@/server/audit/audit';

/**
 * Sign-in sessions (docs/security.md, "Sessions"). A sign-in opens a session and answers a
 * short-lived bearer token and a refresh token (set as an HttpOnly cookie by the route). A refresh
 * uses up its token and answers a new pair; presenting a token that was already used means a copy
 * exists, so the whole session ends and the reuse goes into the audit trail. Sessions end after
 * their idle timeout or absolute lifetime (shorter for staff), and on sign-out.
 */

export interface SessionTokens {
  accessToken: string;
  /** Seconds the access token lives. */
  expiresIn: number;
  refreshToken: string;
  /** Seconds until the session's absolute end (the refresh cookie's Max-Age). */
  refreshMaxAge: number;
}

export const REFRESH_INVALID = 'The session has ended; sign in again';

/**
 * The browser and system of a User-Agent header as "Firefox/Linux" (names only, never the whole
 * header); an unknown part is empty.
 */
export function describeUserAgent(ua: string | undefined): string {
  const s = (ua ?? '').slice(0, 500);
  const browser = /Edg(e|A|iOS)?\//.test(s)
    ? 'Edge'
    : /OPR\/|Opera/.test(s)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(s)
        ? 'Firefox'
        : /Chrome\/|CriOS\/|Chromium\//.test(s)
          ? 'Chrome'
          : /Safari\//.test(s)
            ? 'Safari'
            : '';
  const system = /iPhone|iPad|iPod/.test(s)
    ? 'iOS'
    : /Android/.test(s)
      ? 'Android'
      : /Windows/.test(s)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(s)
          ? 'macOS'
          : /CrOS/.test(s)
            ? 'ChromeOS'
            : /Linux/.test(s)
              ? 'Linux'
              : '';
  return `${browser}/${system}`;
}

function lifetimeOf(role: string) {
  const { sessions } = getConfig();
  return role === 'staff' ? sessions.staff : sessions.patient;
}

async function tokensFor(db: Db, session: repo.SessionRecord, now: Date): Promise<SessionTokens> {
  const ttl = getConfig().accessTokenTtl;
  const accessToken = await accountsRepo.issueToken(db, session.user_id, 'access', ttl, now, session.id);
  const refreshToken = await repo.issueRefreshToken(db, session.id, now);
  const refreshMaxAge = Math.max(0, Math.floor((Date.parse(session.absolute_expires_at) - now.getTime()) / 1000));
  // The access token never outlives its session.
  return { accessToken, expiresIn: Math.min(ttl, refreshMaxAge), refreshToken, refreshMaxAge };
}

/** Opens a session for a sign-in (login or registration) from the browser described by `userAgent`. */
export async function openSession(db: Db, user: { id: number; role: string }, userAgent: string | undefined, now = new Date()): Promise<SessionTokens> {
  const life = lifetimeOf(user.role);
  const session = await repo.insertSession(db, { userId: user.id, userAgent: describeUserAgent(userAgent), idleSeconds: life.idleSeconds, absoluteSeconds: life.absoluteSeconds }, now);
  return tokensFor(db, session, now);
}

/**
 * `POST auth/refresh`: uses up the refresh token and answers a new access token and refresh token.
 * 401 when the token is missing, unknown, or its session has ended; a token used before ends its
 * session (401) and is audited as `refresh_reuse`.
 */
export async function refreshSession(db: Db, refreshToken: string | null, ip: string, now = new Date()): Promise<SessionTokens> {
  if (!refreshToken) throw unauthorized(REFRESH_INVALID);
  const use = await repo.useRefreshToken(db, refreshToken, now);
  if (use.kind === 'unknown') throw unauthorized(REFRESH_INVALID);
  const { session } = use;
  if (use.kind === 'reused') {
    const user = await accountsRepo.findUserById(db, session.user_id);
    const ended = await repo.revokeSession(db, session.user_id, session.id, 'refresh_reuse', now);
    await recordAudit(
      db,
      { action: 'refresh_reuse', actorKind: 'anonymous', subjectUserId: session.user_id, laboratoryId: user?.staff_laboratory_id ?? null, ip, detail: `session ${session.id}${ended ? ' ended' : ''}` },
      now,
    );
    throw unauthorized(REFRESH_INVALID);
  }
  if (!repo.sessionAlive(session, now)) throw unauthorized(REFRESH_INVALID);
  await repo.touchSession(db, session, now);
  return tokensFor(db, session, now);
}

/** GET users/current/sessions: the caller's open sessions, the one of this request marked `current`. */
export async function listSessions(db: Db, user: AuthUser, now = new Date()): Promise<SessionDto[]> {
  const rows = await repo.listLiveSessions(db, user.id, now);
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.created_at,
    lastUsedAt: s.last_used_at,
    browser: s.user_agent.split('/')[0] ?? '',
    system: s.user_agent.split('/')[1] ?? '',
    expiresAt: s.idle_expires_at < s.absolute_expires_at ? s.idle_expires_at : s.absolute_expires_at,
    current: s.id === user.sessionId,
  }));
}

/** DELETE users/current/sessions/{id}: ends one of the caller's sessions; another user's or an ended one is 404. */
export async function endSession(db: Db, user: AuthUser, sessionId: number, ip: string, now = new Date()): Promise<void> {
  if (!(await repo.revokeSession(db, user.id, sessionId, 'signed_out', now))) throw notFound('Session not found');
  // The device signed out gets no more pushes.
  await notificationsRepo.deleteSessionSubscriptions(db, sessionId);
  await recordAudit(db, { action: 'session_revoked', ...actorOf(user), subjectUserId: user.id, laboratoryId: user.staffLaboratoryId, ip, detail: sessionId === user.sessionId ? 'this session' : `session ${sessionId}` }, now);
}

/** DELETE users/current/sessions: signs the caller out everywhere, this session included. */
export async function endAllSessions(db: Db, user: AuthUser, ip: string, now = new Date()): Promise<{ ended: number }> {
  const ended = await repo.revokeUserSessions(db, user.id, 'signed_out_everywhere', null, now);
  await notificationsRepo.deleteUserSubscriptions(db, user.id);
  // Tokens issued without a session end too.
  await accountsRepo.revokeUserTokens(db, user.id, 'access', null, now);
  await recordAudit(db, { action: 'session_revoked', ...actorOf(user), subjectUserId: user.id, laboratoryId: user.staffLaboratoryId, ip, detail: `everywhere (${ended})` }, now);
  return { ended };
}

/**
 * Sign-out (`POST logout`): ends the session of the token (or just the token if it has none). A token
 * past its 15 minutes still names its session; an unknown or already revoked one is 401.
 */
export async function signOut(db: Db, token: string, now = new Date()): Promise<void> {
  const sessionId = await repo.sessionIdOfLiveToken(db, token);
  if (sessionId === undefined) throw unauthorized();
  await accountsRepo.revokeToken(db, token, now);
  if (sessionId !== null) {
    const session = await repo.findSession(db, sessionId);
    if (session) await repo.revokeSession(db, session.user_id, session.id, 'signed_out', now);
    await notificationsRepo.deleteSessionSubscriptions(db, sessionId);
  }
}
