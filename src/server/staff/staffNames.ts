import type { Db } from '@/server/db/createDb';
import { badRequest, notFound } from '@/server/http/errors';
import * as accountsRepo from '@/server/accounts/repositories/accounts';


export const DISPLAY_NAME_INVALID = 'The display name is 2 to 80 letters, spaces, dots, apostrophes or hyphens';
const NOT_STAFF = 'No staff account with this e-mail address';

/**
 * A staff member's display name, as patients see it in "Who opened your results": trimmed, inner
 * spaces collapsed, 2 to 80 characters of letters (any script), spaces, dots, apostrophes and hyphens.
 */
export function normalizeDisplayName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length < 2 || name.length > 80 || !/^[\p{L}\p{M}][\p{L}\p{M} .'\u2019-]*$/u.test(name)) throw badRequest(DISPLAY_NAME_INVALID, { name: DISPLAY_NAME_INVALID });
  return name;
}

/** Renames a staff member (`npm run staff:name`) without touching their password or sign-ins. */
export async function setStaffDisplayName(db: Db, email: string, raw: string): Promise<{ userId: number; displayName: string }> {
  const displayName = normalizeDisplayName(raw);
  const user = await accountsRepo.findUserByEmail(db, email);
  if (!user || user.role !== 'staff') throw notFound(NOT_STAFF);
  await accountsRepo.setDisplayName(db, user.id, displayName);
  return { userId: user.id, displayName };
}
