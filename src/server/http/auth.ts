import type { Db } from '../db/createDb';
import { findAccessToken, sessionAlive, touchSession } from '@/server/accounts/repositories/sessions';

export interface AuthUser {
  id: number;
  email: string;
  role: 'patient' | 'staff';
  staffLaboratoryId: string | null;
  /** For staff: `nurse` sees and works only the visits assigned to them; `staff` has the full console. */
  staffRole?: 'staff' | 'nurse' | null;
  /** The sign-in session of the request's token (null for a token issued without one). */
  sessionId?: number | null;
}

/** A nurse: a staff user of a laboratory who makes home visits and has no other console powers. */
export function isNurse(user: AuthUser | null): boolean {
  return !!user && user.role === 'staff' && user.staffRole === 'nurse';
}

/** A use of a session moves its idle expiry at most this often (one write a minute, not one per request). */
const TOUCH_EVERY_MS = 60_000;

/**
 * Resolves a bearer token to its user; expired, revoked or unknown tokens give null, and so does a
 * token whose sign-in session has ended (revoked, idle too long, or past its absolute lifetime).
 * A use of the session moves its idle expiry on.
 */
export async function authenticate(db: Db, token: string, now = new Date()): Promise<AuthUser | null> {
  if (token.length > 200) return null;
  const row = await findAccessToken(db, token);
  const at = now.toISOString();
  if (!row || row.revoked_at || row.expires_at <= at) return null;
  if (row.session_id != null) {
    const session = { id: row.session_id, revoked_at: row.session_revoked_at, idle_seconds: row.idle_seconds ?? 0, idle_expires_at: row.idle_expires_at ?? '', absolute_expires_at: row.absolute_expires_at ?? '' };
    if (!sessionAlive(session, now)) return null;
    if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= TOUCH_EVERY_MS) await touchSession(db, session, now);
  }
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    staffLaboratoryId: row.staff_laboratory_id,
    staffRole: row.role === 'staff' ? (row.staff_role === 'nurse' ? 'nurse' : 'staff') : null,
    sessionId: row.session_id ?? null,
  };
}
