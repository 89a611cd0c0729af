/**
 * Creates a lab staff user, or promotes an existing user to staff:
 *
 *   npm run staff:add -- <email> <password> [laboratoryId]
 *
 * Uses the database of DATABASE_URL (like the app), migrating and seeding it first when needed.
 * The password is stored as a bcrypt hash (cost 11) and the e-mail counts as confirmed. Without a
 * laboratory id the staff member works for the first laboratory.
 */
import { getConfig } from '../src/server/config';
import { createDb } from '../src/server/db/createDb';
import { HttpError } from '../src/server/http/errors';
import { addStaff } from '../src/server/services/staff';

async function main(argv: string[]): Promise<number> {
  const [email, password, laboratoryId] = argv;
  if (!email || !password) {
    console.error('Usage: npm run staff:add -- <email> <password> [laboratoryId]');
    return 2;
  }
  const handle = await createDb(getConfig());
  try {
    const r = await addStaff(handle.db, email, password, laboratoryId);
    console.log(`${r.created ? 'Created' : 'Promoted'} staff user ${email.trim().toLowerCase()} (id ${r.userId}) for laboratory ${r.laboratoryId}`);
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
