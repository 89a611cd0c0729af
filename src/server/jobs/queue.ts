import type { AnyObject } from 'yup';
import { engineFor } from './engine';
import { checkedPayload, type JobDeclaration } from './defineJob';
import { randomKey } from './keys';
import { wakeWorkers } from './wake';
import type { EnqueueOptions, JobDb, JobState, JobView } from './types';

/**
 * The one entry to the job queue (docs/backend.md, "Jobs and the mail outbox"): pg-boss on
 * PostgreSQL, the `jobs` table on SQLite, behind one `JobEngine` (engine.ts). Pass the transaction of
 * the change that owes the work, so both commit together.
 */

/**
 * Enqueues `job` with `payload` (ids only), typed by the job's definition (or declaration,
 * defineJob.ts) and checked against its schema (a `ValidationError` before anything is stored); a
 * second enqueue with the same `key` is a no-op. True when new.
 */
export async function enqueue<P extends AnyObject>(db: JobDb, job: JobDeclaration<P>, payload: P, opts: EnqueueOptions = {}): Promise<boolean> {
  const stored = checkedPayload(job, payload);
  const added = await engineFor(db).enqueue(db, job.name, stored, opts.key ?? randomKey(), opts);
  if (added && (!opts.runAt || opts.runAt.getTime() <= Date.now() + 1000)) wakeWorkers();
  return added;
}

/** Waiting jobs of `job` whose key starts with `keyPrefix` will not run (e.g. the reminders of a cancelled visit). */
export async function cancelJobs(db: JobDb, job: JobDeclaration | string, keyPrefix: string): Promise<void> {
  await engineFor(db).cancel(db, typeof job === 'string' ? job : job.name, keyPrefix);
}

/** Jobs for the staff console: pending, running, retrying and dead-lettered, newest first. */
export async function listJobs(db: JobDb, opts: { laboratoryId?: string; limit?: number } = {}): Promise<JobView[]> {
  return engineFor(db).list(db, { ...(opts.laboratoryId !== undefined ? { laboratoryId: opts.laboratoryId } : {}), limit: opts.limit ?? 100 });
}

/** Jobs of `name` whose key starts with one of `prefixes`, oldest first (e.g. an account's reminders for its export). */
export async function listJobsByKey(db: JobDb, name: string, prefixes: string[]): Promise<JobView[]> {
  return engineFor(db).listByKey(db, name, prefixes);
}

export async function findJob(db: JobDb, id: string): Promise<JobView | null> {
  return engineFor(db).find(db, id);
}

/** A dead-lettered job runs again now. False when the job is not in a state to be retried. */
export async function retryJob(db: JobDb, job: JobView): Promise<boolean> {
  const ok = await engineFor(db).retry(db, job);
  if (ok) wakeWorkers();
  return ok;
}

/** A dead-lettered or waiting job will not run. */
export async function discardJob(db: JobDb, job: JobView): Promise<boolean> {
  return engineFor(db).discard(db, job);
}

/** Jobs by name and state (the metrics' queue depth and failures). */
export async function countJobs(db: JobDb): Promise<{ name: string; state: JobState; n: number }[]> {
  return engineFor(db).count(db);
}

/** The queue answers (readiness): its tables can be read. */
export async function checkQueue(db: JobDb): Promise<void> {
  await countJobs(db);
}
