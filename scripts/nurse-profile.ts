/**
 * Sets what assignment matches a nurse against the patients' needs: her or his sex and the languages
 * spoken (ISO 639-1 codes, comma-separated):
 *
 *   npm run nurse:profile -- <email> [--sex female|male] [--languages pl,ru]
 *
 * Uses the database of DATABASE_URL.
 */
import { setNurseProfile } from '@/server/visits/nurseFit';
import { parseCommandLine, runScript, withDatabase } from './lib/cli';

const USAGE = 'Usage: npm run nurse:profile -- <email> [--sex female|male] [--languages pl,ru]';

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv, { sex: { type: 'string' }, languages: { type: 'string' } }, USAGE);
  if (!parsed) return 2;
  const [email, ...rest] = parsed.positionals;
  if (!email || rest.length) {
    console.error(USAGE);
    return 2;
  }
  const languages = (parsed.values.languages ?? '').split(',').map((l) => l.trim().toLowerCase()).filter(Boolean);
  return withDatabase(async (db) => {
    await setNurseProfile(db, email, { sex: parsed.values.sex ?? null, languages });
    console.log(`${email.trim().toLowerCase()}: ${parsed.values.sex ?? 'no sex given'}, speaks ${languages.join(', ') || 'no language given'}`);
    return 0;
  });
}

runScript(main);
