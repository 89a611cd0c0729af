/**
 * Offboards a staff member or nurse:
 *
 *   npm run staff:remove -- <email>
 *
 * The account is no longer staff, every token it holds (sign-ins, reset links) is revoked, and the
 * visits still ahead that were assigned to it lose their nurse. Uses the database of DATABASE_URL.
 */
import { getConfig } from '../src/server/config';
import { createDb } from '../src/server/db/createDb';
import { HttpError } from '../src/server/http/errors';
import { removeStaff } from '../src/server/services/staff';

async function main(argv: string[]): Promise<number> {
  const [email, ...rest] = argv;
  if (!email || rest.length) {
    console.error('Usage: npm run staff:remove -- <email>');
    return 2;
  }
  const handle = await createDb(getConfig());
  try {
    const r = await removeStaff(handle.db, email);
    console.log(`${email.trim().toLowerCase()} (id ${r.userId}) is no longer staff; revoked ${r.revokedTokens} token(s), ${r.unassignedVisits} visit(s) unassigned`);
    return 0;
  } catch (e) {
    console.error(e instanceof HttpError ? e.message : e);
    return 1;
  } finally {
    await handle.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
