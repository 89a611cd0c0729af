/**
 * Runs the shop's background work (mail delivery, visit reminders, the daily purge) from the job
 * queue (pg-boss on PostgreSQL, the `jobs` table on SQLite):
 *
 *   npm run jobs -- --once     run every due job once and exit (for cron and tests)
 *   npm run jobs               a worker process: runs jobs as they come until SIGTERM, then drains
 *
 * Safe beside running app instances: each job is taken by exactly one worker. Uses the database of
 * DATABASE_URL (like the app), migrating it first when needed.
 */
import { parseArgs } from 'node:util';
import { getConfig } from '../src/server/config';
import { createDb } from '../src/server/db/createDb';
import { runJobsOnce, startWorker } from '../src/server/jobList';
import { stopWorker } from '../src/server/jobs/worker';
import { stopBosses } from '../src/server/jobs/pgBossQueue';

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { once: { type: 'boolean' } } });
  const config = getConfig();
  const handle = await createDb(config);
  try {
    if (values.once) {
      const r = await runJobsOnce(handle.db);
      console.log(`Jobs: ${r.done} done, ${r.retried} to retry, ${r.failed} failed`);
      await stopBosses();
      return r.failed ? 1 : 0;
    }
    await startWorker(handle.db);
    console.log('Job worker running; SIGTERM or Ctrl-C drains and stops it');
    await new Promise<void>((resolve) => {
      process.once('SIGTERM', resolve);
      process.once('SIGINT', resolve);
    });
    await stopWorker();
    return 0;
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
