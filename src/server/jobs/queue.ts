import { getDb } from '../db/createDb';
import { isPostgres } from '../db/kind';
import * as table from './tableQueue';
import * as pgBoss from './pgBossQueue';
import { appSchema } from './pgBossQueue';
import { randomKey } from './keys';
import { wakeWorkers } from './wake';
import type { EnqueueOptions, JobDb, JobState, JobView } from './types';

/**
 * The one entry to the job queue (docs/backend.md, "Jobs and the mail outbox"): pg-boss on
 * PostgreSQL, the `jobs` table on SQLite, chosen by the database. Pass the transaction of the change
 * that owes the work, so both commit together.
 */
async function boss(): Promise<pgBoss.BossHandle> {
  return pgBoss.bossFor(await getDb(), appSchema());
}

/** Enqueues `name` with `payload` (ids only); a second enqueue with the same `key` is a no-op. True when new. */
export async function enqueue(db: JobDb, name: string, payload: object, opts: EnqueueOptions = {}): Promise<boolean> {
  const key = opts.key ?? randomKey();
  const added = isPostgres(db) ? await pgBoss.enqueueInBoss(await boss(), db, name, payload, key, opts) : await table.enqueueInTable(db, name, payload, key, opts);
  if (added && (!opts.runAt || opts.runAt.getTime() <= Date.now() + 1000)) wakeWorkers();
  return added;
}

/** Waiting jobs of `name` whose key starts with `keyPrefix` will not run (e.g. the reminders of a cancelled visit). */
export async function cancelJobs(db: JobDb, name: string, keyPrefix: string): Promise<void> {
  if (isPostgres(db)) await pgBoss.cancelInBoss(await boss(), db, name, keyPrefix);
  else await table.cancelInTable(db, name, keyPrefix);
}

/** Jobs for the staff console: pending, running, retrying and dead-lettered, newest first. */
export async function listJobs(db: JobDb, opts: { laboratoryId?: string; limit?: number } = {}): Promise<JobView[]> {
  const o = { ...(opts.laboratoryId !== undefined ? { laboratoryId: opts.laboratoryId } : {}), limit: opts.limit ?? 100 };
  return isPostgres(db) ? pgBoss.listInBoss(await boss(), db, o) : table.listInTable(db, o);
}

/** Jobs of `name` whose key starts with one of `prefixes`, oldest first (e.g. an account's reminders for its export). */
export async function listJobsByKey(db: JobDb, name: string, prefixes: string[]): Promise<JobView[]> {
  return isPostgres(db) ? pgBoss.listByKeyInBoss(await boss(), db, name, prefixes) : table.listByKeyInTable(db, name, prefixes);
}

export async function findJob(db: JobDb, id: string): Promise<JobView | null> {
  return isPostgres(db) ? pgBoss.findInBoss(await boss(), db, id) : table.findInTable(db, id);
}

/** A dead-lettered job runs again now. False when the job is not in a state to be retried. */
export async function retryJob(db: JobDb, job: JobView): Promise<boolean> {
  const ok = isPostgres(db) ? await pgBoss.retryInBoss(await boss(), job) : await table.retryInTable(db, job.id);
  if (ok) wakeWorkers();
  return ok;
}

/** A dead-lettered or waiting job will not run. */
export async function discardJob(db: JobDb, job: JobView): Promise<boolean> {
  return isPostgres(db) ? pgBoss.discardInBoss(await boss(), job) : table.discardInTable(db, job.id);
}

/** Jobs by name and state (the metrics' queue depth and failures). */
export async function countJobs(db: JobDb): Promise<{ name: string; state: JobState; n: number }[]> {
  return isPostgres(db) ? pgBoss.countInBoss(await boss(), db) : table.countInTable(db);
}

/** The queue answers (readiness): its tables can be read. */
export async function checkQueue(db: JobDb): Promise<void> {
  await countJobs(db);
}
