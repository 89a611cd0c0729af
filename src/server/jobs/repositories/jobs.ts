import type { Selectable } from 'kysely';
import type { JobStatus, JobTable } from '@/server/db/schema';
import type { Db } from '@/server/db/createDb';

/** Queries of the `jobs` table (the job queue on SQLite); the rules are in src/server/jobs/tableQueue.ts. */
export type JobRow = Selectable<JobTable>;

export interface NewJob {
  key: string;
  kind: string;
  runAt: string;
  payload: unknown;
  priority: number;
  laboratoryId: string | null;
  maxAttempts: number;
}

/** Inserts the job unless one with its key exists (an idempotent enqueue). True when inserted. */
export async function insertJobIfAbsent(db: Db, job: NewJob, now: string): Promise<boolean> {
  const res = await db
    .insertInto('jobs')
    .values({
      key: job.key,
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      status: 'pending',
      run_at: job.runAt,
      priority: job.priority,
      laboratory_id: job.laboratoryId,
      max_attempts: job.maxAttempts,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Pending jobs of `kind` whose key starts with `keyPrefix` will not run. */
export async function cancelJobs(db: Db, kind: string, keyPrefix: string, now: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'cancelled', updated_at: now, claim_token: null, locked_until: null })
    .where('kind', '=', kind)
    .where('key', 'like', `${keyPrefix.replace(/[\\%_]/g, '\\$&')}%`)
    .where('status', '=', 'pending')
    .execute();
}

/** Ids of due jobs, highest priority first: pending and due, or running with an expired lease (its runner died). */
export async function listDueJobIds(db: Db, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)])]))
    .orderBy('priority', 'desc')
    .orderBy('run_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes the job for one runner: a single conditional update, so of two runners exactly one changes
 * the row. Returns the claimed row or null.
 */
export async function claimJob(db: Db, id: number, claimToken: string, now: string, lockedUntil: string): Promise<JobRow | null> {
  const res = await db
    .updateTable('jobs')
    .set((eb) => ({ status: 'running', claim_token: claimToken, locked_until: lockedUntil, attempts: eb('attempts', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)])]))
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return null;
  const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).where('claim_token', '=', claimToken).executeTakeFirst();
  return row ?? null;
}

/**
 * Ends the claimed job: done, back to pending at a later time (a retry), or failed. Only the current
 * claim holder's update counts; false when the claim was lost meanwhile.
 */
export async function finishJob(db: Db, id: number, claimToken: string, outcome: { status: 'done' | 'failed' } | { status: 'pending'; runAt: string }, now: string, error: string | null = null): Promise<boolean> {
  const res = await db
    .updateTable('jobs')
    .set({
      status: outcome.status,
      claim_token: null,
      locked_until: null,
      updated_at: now,
      last_error: error,
      done_at: outcome.status === 'pending' ? null : now,
      ...(outcome.status === 'pending' ? { run_at: outcome.runAt } : {}),
    })
    .where('id', '=', id)
    .where('claim_token', '=', claimToken)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Jobs of `kind` whose key (without the `kind:` prefix) starts with one of `prefixes`. */
export async function listJobsByKeyPrefix(db: Db, kind: string, prefixes: string[]): Promise<JobRow[]> {
  if (!prefixes.length) return [];
  const like = (p: string) => `${kind}:${p}`.replace(/[\\%_]/g, '\\$&') + '%';
  return db.selectFrom('jobs').selectAll().where('kind', '=', kind).where((eb) => eb.or(prefixes.map((p) => eb('key', 'like', like(p))))).orderBy('id').execute();
}

/** Jobs for the console, newest first; `laboratoryId` undefined means every laboratory's. */
export async function listJobs(db: Db, opts: { laboratoryId?: string; statuses: JobStatus[]; limit: number }): Promise<JobRow[]> {
  let q = db.selectFrom('jobs').selectAll().where('status', 'in', opts.statuses);
  if (opts.laboratoryId !== undefined) q = q.where('laboratory_id', '=', opts.laboratoryId);
  return q.orderBy('updated_at', 'desc').limit(opts.limit).execute();
}

export async function findJob(db: Db, id: number): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A failed (or pending) job runs again now, with its attempts counted from zero. */
export async function retryJob(db: Db, id: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('jobs')
    .set({ status: 'pending', run_at: now, attempts: 0, updated_at: now, done_at: null })
    .where('id', '=', id)
    .where('status', 'in', ['failed', 'pending'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A failed or pending job will not run. */
export async function discardJob(db: Db, id: number, now: string): Promise<boolean> {
  const res = await db.updateTable('jobs').set({ status: 'cancelled', updated_at: now, done_at: now }).where('id', '=', id).where('status', 'in', ['failed', 'pending']).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Jobs by kind and status (queue depth and failures for the metrics). */
export async function countJobs(db: Db): Promise<{ kind: string; status: JobStatus; n: number }[]> {
  const rows = await db.selectFrom('jobs').select(['kind', 'status']).select((eb) => eb.fn.countAll<number>().as('n')).groupBy(['kind', 'status']).execute();
  return rows.map((r) => ({ kind: r.kind, status: r.status, n: Number(r.n) }));
}

/** Deletes finished jobs (done, cancelled, failed) last changed before `before`. */
export async function deleteFinishedJobs(db: Db, before: string): Promise<number> {
  const res = await db.deleteFrom('jobs').where('status', 'in', ['done', 'cancelled', 'failed']).where('updated_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
