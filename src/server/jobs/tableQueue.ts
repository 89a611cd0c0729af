import crypto from 'node:crypto';
import * as repo from '@/server/jobs/repositories/jobs';
import type { JobStatus } from '../db/schema';
import { backoffSeconds, specOf } from './specs';
import { safeError } from './keys';
import type { EnqueueOptions, JobDb, JobDefinition, JobState, JobView, RunReport } from './types';
import { log } from '../log';

/**
 * The job queue on SQLite (the single-instance embedded default): rows of the `jobs` table in the
 * shop's own database, so an enqueue commits or rolls back with the change that owes it. A job is
 * claimed with one conditional update and a lease; a runner that dies keeps it only until the lease
 * ends. Run by the app's own loop (worker.ts) or `npm run jobs -- --once`.
 */
export async function enqueueInTable(db: JobDb, name: string, payload: object, key: string, opts: EnqueueOptions): Promise<boolean> {
  const spec = specOf(name);
  const now = new Date().toISOString();
  return repo.insertJobIfAbsent(
    db,
    { key: `${name}:${key}`, kind: name, runAt: (opts.runAt ?? new Date()).toISOString(), payload, priority: opts.priority ?? 0, laboratoryId: opts.laboratoryId ?? null, maxAttempts: spec.retryLimit + 1 },
    now,
  );
}

export async function cancelInTable(db: JobDb, name: string, keyPrefix: string): Promise<void> {
  await repo.cancelJobs(db, name, `${name}:${keyPrefix}`, new Date().toISOString());
}

type Handlers = ReadonlyMap<string, JobDefinition>;

/** SQLite answered "database is locked" (another writer held the lock past the busy timeout). */
function isBusy(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/** The queue's own bookkeeping (claim, finish) is tried again when SQLite is busy, a few times. */
async function whenFree<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (e) {
      if (!isBusy(e) || attempt >= 5) throw e;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}

async function runClaimed(db: JobDb, job: repo.JobRow, handlers: Handlers, report: RunReport): Promise<void> {
  const token = job.claim_token as string;
  const def = handlers.get(job.kind);
  try {
    if (!def) throw new Error(`No handler for job ${job.kind}`);
    await def.handler(JSON.parse(job.payload) as Record<string, unknown>, { db, id: String(job.id), attempt: job.attempts, now: new Date() });
    await whenFree(() => repo.finishJob(db, job.id, token, { status: 'done' }, new Date().toISOString()));
    report.done++;
  } catch (e) {
    const message = safeError(e);
    log().warn({ job: job.kind, id: job.id, attempt: job.attempts, error: message }, 'Job failed');
    const now = new Date();
    if (job.attempts >= job.max_attempts) {
      await whenFree(() => repo.finishJob(db, job.id, token, { status: 'failed' }, now.toISOString(), message));
      report.failed++;
    } else {
      const runAt = new Date(now.getTime() + backoffSeconds(specOf(job.kind), job.attempts) * 1000).toISOString();
      await whenFree(() => repo.finishJob(db, job.id, token, { status: 'pending', runAt }, now.toISOString(), message));
      report.retried++;
    }
  }
}

/** Claims and runs every job due now, `concurrency` at a time; returns what happened. */
export async function runDueInTable(db: JobDb, handlers: Handlers, opts: { concurrency: number; limit?: number; shouldStop?: () => boolean }): Promise<RunReport> {
  const report: RunReport = { done: 0, retried: 0, failed: 0 };
  const limit = opts.limit ?? 500;
  let seen = 0;
  while (seen < limit && !opts.shouldStop?.()) {
    const now = new Date();
    const ids = await whenFree(() => repo.listDueJobIds(db, now.toISOString(), Math.min(opts.concurrency, limit - seen)));
    if (!ids.length) break;
    seen += ids.length;
    await Promise.all(
      ids.map(async (id) => {
        const lease = specOf((await repo.findJob(db, id))?.kind ?? '').timeoutSeconds * 1000;
        const job = await whenFree(() => repo.claimJob(db, id, crypto.randomBytes(12).toString('hex'), now.toISOString(), new Date(now.getTime() + lease).toISOString()));
        if (job?.claim_token) await runClaimed(db, job, handlers, report);
      }),
    );
  }
  return report;
}

const STATE_OF: Record<JobStatus, JobState> = { pending: 'pending', running: 'running', done: 'done', failed: 'failed', cancelled: 'cancelled' };

function view(r: repo.JobRow): JobView {
  const state = r.status === 'pending' && r.attempts > 0 ? 'retrying' : STATE_OF[r.status];
  return { id: String(r.id), name: r.kind, state, attempts: r.attempts, runAt: r.run_at, createdAt: r.created_at, lastError: r.last_error, laboratoryId: r.laboratory_id };
}

export async function listInTable(db: JobDb, opts: { laboratoryId?: string; limit: number }): Promise<JobView[]> {
  return (await repo.listJobs(db, { ...opts, statuses: ['pending', 'running', 'failed'] })).map(view);
}

export async function listByKeyInTable(db: JobDb, name: string, prefixes: string[]): Promise<JobView[]> {
  return (await repo.listJobsByKeyPrefix(db, name, prefixes)).map(view);
}

export async function findInTable(db: JobDb, id: string): Promise<JobView | null> {
  const n = Number(id);
  if (!Number.isSafeInteger(n)) return null;
  const row = await repo.findJob(db, n);
  return row ? view(row) : null;
}

export async function retryInTable(db: JobDb, id: string): Promise<boolean> {
  return repo.retryJob(db, Number(id), new Date().toISOString());
}

export async function discardInTable(db: JobDb, id: string): Promise<boolean> {
  return repo.discardJob(db, Number(id), new Date().toISOString());
}

export async function countInTable(db: JobDb): Promise<{ name: string; state: JobState; n: number }[]> {
  return (await repo.countJobs(db)).map((r) => ({ name: r.kind, state: STATE_OF[r.status], n: r.n }));
}
