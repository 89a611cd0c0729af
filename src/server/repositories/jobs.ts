import type { Kysely, Selectable } from 'kysely';
import type { Database, JobTable } from '../db/schema';

/** Queries of the `jobs` table (scheduled work); the rules are in services/jobs.ts. */
type Db = Kysely<Database>;
export type JobRow = Selectable<JobTable>;

/**
 * Schedules the job of `key` at `runAt` with `payload`: a new row, or the existing one set back to
 * pending with the new time and payload (a moved visit). A job being run right now is left to its
 * runner, which sees the new payload when it checks the order again.
 */
export async function upsertJob(db: Db, job: { key: string; kind: string; runAt: string; payload: unknown }, now: string): Promise<void> {
  const payload = JSON.stringify(job.payload);
  await db
    .insertInto('jobs')
    .values({ key: job.key, kind: job.kind, payload, status: 'pending', run_at: job.runAt, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ kind: job.kind, payload, status: 'pending', run_at: job.runAt, claim_token: null, locked_until: null, last_error: null, updated_at: now, done_at: null }),
    )
    .execute();
}

/** Inserts the job unless one with its key exists. */
export async function insertJobIfAbsent(db: Db, job: { key: string; kind: string; runAt: string; payload: unknown }, now: string): Promise<void> {
  await db
    .insertInto('jobs')
    .values({ key: job.key, kind: job.kind, payload: JSON.stringify(job.payload), status: 'pending', run_at: job.runAt, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** A pending job of `key` will not run. */
export async function cancelJob(db: Db, key: string, now: string): Promise<void> {
  await db.updateTable('jobs').set({ status: 'cancelled', updated_at: now, claim_token: null, locked_until: null }).where('key', '=', key).where('status', '=', 'pending').execute();
}

/** Ids of due jobs: pending and due, or running with an expired lease (its runner died). */
export async function listDueJobIds(db: Db, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)])]))
    .orderBy('run_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes the job for one runner: a single conditional update, so of two runners (or two app
 * instances on one PostgreSQL) exactly one changes the row. Returns the claimed row or null.
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
 * Ends the claimed job: done, back to pending at a later time (a recurring job, or a retry), or
 * failed. Only the current claim holder's update counts; false when the claim was lost meanwhile.
 */
export async function finishJob(
  db: Db,
  id: number,
  claimToken: string,
  outcome: { status: 'done' | 'failed' | 'cancelled' } | { status: 'pending'; runAt: string; payload?: unknown },
  now: string,
  error: string | null = null,
): Promise<boolean> {
  const res = await db
    .updateTable('jobs')
    .set({
      status: outcome.status,
      claim_token: null,
      locked_until: null,
      updated_at: now,
      last_error: error,
      done_at: outcome.status === 'pending' ? null : now,
      ...(outcome.status === 'pending' ? { run_at: outcome.runAt, ...(outcome.payload !== undefined ? { payload: JSON.stringify(outcome.payload) } : {}) } : {}),
    })
    .where('id', '=', id)
    .where('claim_token', '=', claimToken)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Deletes finished jobs (done, cancelled, failed) last changed before `before`. */
export async function deleteFinishedJobs(db: Db, before: string): Promise<number> {
  const res = await db.deleteFrom('jobs').where('status', 'in', ['done', 'cancelled', 'failed']).where('updated_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
