/**
 * Creates a lab staff user or nurse, or promotes an existing account to staff:
 *
 *   npm run staff:add -- <email> <laboratoryId> [--role staff|nurse] [--name "Anna Nowak"] [--promote] [--password-stdin]
 *
 * No password on the command line (it would show in `ps` and the shell history). By default the
 * command prints a single-use link to the shop's reset-password page (APP_URL) where the staff
 * member sets their own password; `--password-stdin` reads the password from standard input
 * instead (for scripts). An existing account that is not staff is promoted only with `--promote`;
 * promotion replaces its password and revokes every token it holds.
 *
 * `--name` is the display name patients see in "Who opened your results" (rename later with
 * `npm run staff:name`). Uses the database of DATABASE_URL (like the app), migrating and seeding it first when needed.
 */
import { getConfig } from '../src/server/config';
import { addStaff, type StaffRole } from '@/server/staff/staff';
import { parseCommandLine, runScript, withDatabase } from './lib/cli';

const USAGE = 'Usage: npm run staff:add -- <email> <laboratoryId> [--role staff|nurse] [--name "Anna Nowak"] [--promote] [--password-stdin]';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  // One trailing line break (from `echo` or a here-string) is not part of the password.
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(
    argv,
    { role: { type: 'string', default: 'staff' }, name: { type: 'string' }, promote: { type: 'boolean', default: false }, 'password-stdin': { type: 'boolean', default: false } },
    USAGE,
  );
  if (!parsed) return 2;
  const [email, laboratoryId, ...rest] = parsed.positionals;
  const role = parsed.values.role;
  if (!email || !laboratoryId || rest.length || (role !== 'staff' && role !== 'nurse')) {
    if (rest.length) console.error('A password is never given on the command line; use --password-stdin or the printed set-password link.');
    console.error(USAGE);
    return 2;
  }
  const password = parsed.values['password-stdin'] ? await readStdin() : undefined;
  return withDatabase(async (db) => {
    const r = await addStaff(db, email, laboratoryId, { role: role as StaffRole, promote: parsed.values.promote, password, displayName: parsed.values.name });
    const what = r.created ? 'Created' : r.promoted ? 'Promoted' : 'Updated';
    console.log(`${what} ${r.role} user ${email.trim().toLowerCase()} (id ${r.userId}) for laboratory ${r.laboratoryId}${parsed.values.name ? `, shown to patients as "${parsed.values.name.trim()}"` : ''}`);
    if (!r.created) console.log(`Revoked ${r.revokedTokens} token(s) of the account; its old password no longer works.`);
    if (r.setPasswordLink) {
      console.log(`Single-use link to set the password (valid ${Math.round(getConfig().mailTokenTtl / 3600)} h):\n${r.setPasswordLink}`);
      // The link is built like the shop's own links: APP_URL, else http://localhost:$PORT (from the shell, .env or .env.local).
      console.log(`(Links use ${getConfig().appUrl}, from ${process.env.APP_URL ? 'APP_URL' : `PORT=${process.env.PORT ?? '3000 (default)'}`}; set APP_URL or PORT as for the shop if it runs elsewhere.)`);
    }
    return 0;
  });
}

runScript(main);
