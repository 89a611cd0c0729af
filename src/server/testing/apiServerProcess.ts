/**
 * A second app instance for tests: the API routes over HTTP in a process of their own, on the
 * database of DATABASE_URL (its `?schema=` included), with no job worker. Prints `listening <url>` on
 * its first line and serves until killed.
 *
 *   DATABASE_URL=postgres://…?schema=t_x npx tsx src/server/testing/apiServerProcess.ts
 */
import { startApiServer } from './apiServer';
import { getDb } from '../db/createDb';

async function main(): Promise<void> {
  process.env.JOBS_INTERVAL_SECONDS = '0';
  await getDb();
  const api = await startApiServer();
  process.stdout.write(`listening ${api.url}\n`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
