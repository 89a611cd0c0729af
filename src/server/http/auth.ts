import crypto from 'node:crypto';
import type { Db } from '../db/createDb';

export interface AuthUser {
  id: number;
  email: string;
  role: 'patient' | 'staff';
  staffLaboratoryId: string | null;
  /** For staff: `nurse` sees and works only the visits assigned to them; `staff` has the full console. */
  staffRole?: 'staff' | 'nurse' | null;
}

/** A nurse: a staff user of a laboratory who makes home visits and has no other console powers. */
export function isNurse(user: AuthUser | null): boolean {
  return !!user && user.role === 'staff' && user.staffRole === 'nurse';
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Resolves a bearer token to its user; expired, revoked or unknown tokens give null. */
export async function authenticate(db: Db, token: string): Promise<AuthUser | null> {
  if (token.length > 200) return null;
  const row = await db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select(['users.id', 'users.email', 'users.role', 'users.staff_laboratory_id', 'users.staff_role', 'auth_tokens.expires_at', 'auth_tokens.revoked_at'])
    .where('auth_tokens.token_hash', '=', hashToken(token))
    .where('auth_tokens.kind', '=', 'access')
    .executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at <= new Date().toISOString()) return null;
  return { id: row.id, email: row.email, role: row.role, staffLaboratoryId: row.staff_laboratory_id, staffRole: row.role === 'staff' ? (row.staff_role === 'nurse' ? 'nurse' : 'staff') : null };
}
