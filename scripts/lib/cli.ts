import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadEnvConfig } from '@next/env';
import { nodeVersionProblem } from '../../src/server/nodeVersion';
import { getConfig } from '../../src/server/config';
import { createDb, type Db } from '../../src/server/db/createDb';
import { HttpError } from '../../src/server/http/errors';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * The command line of a script: positionals and the given options. Unknown or malformed options
 * print the reason and the usage and give null (the script exits 2).
 */
export function parseCommandLine<O extends Options>(argv: string[], options: O, usage: string) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options, strict: true });
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    console.error(usage);
    return null;
  }
}

/**
 * Runs `work` on the database of DATABASE_URL (like the app: migrated and seeded first when needed)
 * and closes it. A refusal of the services (`HttpError`) prints its message and gives exit code 1.
 */
export async function withDatabase(work: (db: Db) => Promise<number>): Promise<number> {
  const handle = await createDb(getConfig());
  try {
    return await work(handle.db);
  } catch (e) {
    console.error(e instanceof HttpError ? e.message : e);
    return 1;
  } finally {
    await handle.destroy();
  }
}

/** Runs a script's `main` on its arguments and exits with its code (1 after an unexpected error). */
export function runScript(main: (argv: string[]) => Promise<number>): void {
  // The same environment as `next dev` / `next start`: .env, .env.local (and per-mode files); the shell wins.
  loadEnvConfig(process.cwd(), process.env.NODE_ENV === 'development');
  const tooOld = nodeVersionProblem();
  if (tooOld) {
    console.error(tooOld);
    process.exit(1);
  }
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
