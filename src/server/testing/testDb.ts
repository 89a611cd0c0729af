import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { createDb, setDbForTests, type DbHandle } from '../db/createDb';
import { loadConfig, parseDatabaseUrl, setConfigForTests } from '../config';

export interface TestDb extends DbHandle {
  /** Closes the database and removes the test's file or schema. */
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a new SQLite file under the OS temp dir, or, when
 * DATABASE_URL is a postgres URL, a new schema on that server (so test files can run in parallel).
 * It becomes the process-wide database used by the route handlers.
 */
export async function createTestDb(opts: { seed?: boolean; rateLimits?: boolean } = {}): Promise<TestDb> {
  const seed = opts.seed ?? true;
  const url = process.env.DATABASE_URL;
  const id = crypto.randomBytes(5).toString('hex');
  let database = parseDatabaseUrl(url, process.cwd());
  let tmpDir: string | null = null;
  if (database.kind === 'sqlite') {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-shop-test-'));
    database = { kind: 'sqlite', file: path.join(tmpDir, 'test.sqlite') };
  } else {
    database = { ...database, schema: `t_${id}` };
  }
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-shop-outbox-'));
  // Tests stand in for a proxy that sets X-Forwarded-For, so rate limits per address can be exercised.
  // The anti-automation limits (RATE_LIMIT_*) are off unless a test file asks for them: test files
  // register many users from one address. The login limit is always on.
  const base = loadConfig();
  setConfigForTests({ database, seedDemo: seed, outboxDir, smtpUrl: null, appUrl: 'http://localhost:3000', trustProxy: true, rateLimits: { ...base.rateLimits, enabled: opts.rateLimits ?? false } });
  const handle = await createDb({ database, seedDemo: seed });
  setDbForTests(handle);
  return {
    ...handle,
    async cleanup() {
      const { stopWorker } = await import('../jobs/worker');
      await stopWorker();
      if (database.kind === 'postgres' && database.schema) {
        const { stopBossFor, bossSchemaFor } = await import('../jobs/pgBossQueue');
        await stopBossFor(database.schema);
        await sql.raw(`drop schema if exists ${bossSchemaFor(database.schema)} cascade`).execute(handle.db);
        await sql.raw(`drop schema if exists ${database.schema} cascade`).execute(handle.db);
      }
      await handle.destroy();
      setDbForTests(undefined);
      if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}
