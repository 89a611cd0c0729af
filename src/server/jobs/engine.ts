import { getDb } from '../db/createDb';
import { isPostgres } from '../db/kind';
import * as table from './tableQueue';
import * as pgBoss from './pgBossQueue';
import { appSchema } from './pgBossQueue';
import type { EnqueueOptions, JobDb, JobDefinition, JobState, JobView, RunReport } from './types';

/**
 * What the queue needs of a store of jobs (docs/backend.md, "Jobs and the mail outbox"). Two engines
 * keep it: `tableEngine`, the `jobs` table in the shop's own database (SQLite), and `bossEngine`,
 * pg-boss in its own schema (PostgreSQL). `engineFor(db)` is the one place that chooses.
 */
export interface JobEngine {
  readonly kind: 'table' | 'pg-boss';
  /** Stores the job in `db` (the caller's transaction); false when `name` + `key` is there already. */
  enqueue(db: JobDb, name: string, payload: object, key: string, opts: EnqueueOptions): Promise<boolean>;
  cancel(db: JobDb, name: string, keyPrefix: string): Promise<void>;
  list(db: JobDb, opts: { laboratoryId?: string; limit: number }): Promise<JobView[]>;
  listByKey(db: JobDb, name: string, prefixes: string[]): Promise<JobView[]>;
  find(db: JobDb, id: string): Promise<JobView | null>;
  retry(db: JobDb, job: JobView): Promise<boolean>;
  discard(db: JobDb, job: JobView): Promise<boolean>;
  count(db: JobDb): Promise<{ name: string; state: JobState; n: number }[]>;
  /** Runs every job due now once (cron, tests, `npm run jobs -- --once`). */
  runDue(db: JobDb, defs: readonly JobDefinition[], concurrency: number): Promise<RunReport>;
}

export const tableEngine: JobEngine = {
  kind: 'table',
  enqueue: table.enqueueInTable,
  cancel: table.cancelInTable,
  list: table.listInTable,
  listByKey: table.listByKeyInTable,
  find: table.findInTable,
  retry: (db, job) => table.retryInTable(db, job.id),
  discard: (db, job) => table.discardInTable(db, job.id),
  count: table.countInTable,
  runDue: (db, defs, concurrency) => table.runDueInTable(db, new Map(defs.map((d) => [d.name, d])), { concurrency }),
};

/** pg-boss runs on the process's own database handle, never on the caller's transaction. */
async function boss(): Promise<pgBoss.BossHandle> {
  return pgBoss.bossFor(await getDb(), appSchema());
}

export const bossEngine: JobEngine = {
  kind: 'pg-boss',
  enqueue: async (db, name, payload, key, opts) => pgBoss.enqueueInBoss(await boss(), db, name, payload, key, opts),
  cancel: async (db, name, keyPrefix) => pgBoss.cancelInBoss(await boss(), db, name, keyPrefix),
  list: async (db, opts) => pgBoss.listInBoss(await boss(), db, opts),
  listByKey: async (db, name, prefixes) => pgBoss.listByKeyInBoss(await boss(), db, name, prefixes),
  find: async (db, id) => pgBoss.findInBoss(await boss(), db, id),
  retry: async (_db, job) => pgBoss.retryInBoss(await boss(), job),
  discard: async (_db, job) => pgBoss.discardInBoss(await boss(), job),
  count: async (db) => pgBoss.countInBoss(await boss(), db),
  runDue: async (db, defs) => pgBoss.runDueInBoss(await pgBoss.bossFor(db, appSchema()), db, defs),
};

/** The engine of the database's kind: the queue's only switch between SQLite and PostgreSQL. */
export function engineFor(db: JobDb): JobEngine {
  return isPostgres(db) ? bossEngine : tableEngine;
}
