/**
 * Runs scheduled work (visit reminders, the daily purge) kept in the database:
 *
 *   npm run jobs -- --once     run every due job once and exit (for cron and tests)
 *   npm run jobs               keep running due jobs every JOBS_INTERVAL_SECONDS (60 if unset or 0)
 *
 * Safe beside running app instances: each job is claimed by exactly one runner.
 * Uses the database of DATABASE_URL (like the app), migrating it first when needed.
 */
import { parseArgs } from 'node:util';
import { getConfig } from '../src/server/config';
import { createDb } from '../src/server/db/createDb';
import { runDueJobs } from '../src/server/services/jobs';

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { once: { type: 'boolean' } } });
  const config = getConfig();
  const handle = await createDb(config);
  try {
    if (values.once) {
      const r = await runDueJobs(handle.db);
      console.log(`Jobs: ${r.done} done, ${r.skipped} skipped, ${r.retried} to retry, ${r.failed} failed`);
      return r.failed ? 1 : 0;
    }
    const every = (config.jobsIntervalSeconds || 60) * 1000;
    for (;;) {
      await runDueJobs(handle.db).catch((e: unknown) => console.error('Running jobs failed', e));
      await new Promise((resolve) => setTimeout(resolve, every));
    }
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
