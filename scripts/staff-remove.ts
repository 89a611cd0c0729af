/**
 * Offboards a staff member or nurse:
 *
 *   npm run staff:remove -- <email>
 *
 * The account is no longer staff, every token it holds (sign-ins, reset links) is revoked, and the
 * visits still ahead that were assigned to it lose their nurse. Uses the database of DATABASE_URL.
 */
import { removeStaff } from '@/server/staff/staff';
import { runScript, withDatabase } from './lib/cli';

async function main(argv: string[]): Promise<number> {
  const [email, ...rest] = argv;
  if (!email || rest.length) {
    console.error('Usage: npm run staff:remove -- <email>');
    return 2;
  }
  return withDatabase(async (db) => {
    const r = await removeStaff(db, email);
    console.log(`${email.trim().toLowerCase()} (id ${r.userId}) is no longer staff; revoked ${r.revokedTokens} token(s), ${r.unassignedVisits} visit(s) unassigned`);
    return 0;
  });
}

runScript(main);
