/**
 * Sets the display name patients see for a staff member or nurse in "Who opened your results":
 *
 *   npm run staff:name -- <email> --name "Anna Nowak"
 *
 * The password and sign-ins stay as they are. Uses the database of DATABASE_URL.
 */
import { setStaffDisplayName } from '@/server/staff/staffNames';
import { parseCommandLine, runScript, withDatabase } from './lib/cli';

const USAGE = 'Usage: npm run staff:name -- <email> --name "Anna Nowak"';

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv, { name: { type: 'string' } }, USAGE);
  if (!parsed) return 2;
  const [email, ...rest] = parsed.positionals;
  if (!email || rest.length || !parsed.values.name) {
    console.error(USAGE);
    return 2;
  }
  const name = parsed.values.name;
  return withDatabase(async (db) => {
    const r = await setStaffDisplayName(db, email, name);
    console.log(`${email.trim().toLowerCase()} (id ${r.userId}) is shown to patients as "${r.displayName}"`);
    return 0;
  });
}

runScript(main);
