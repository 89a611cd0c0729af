import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import * as repo from '../repositories/jobs';
import { runVisitReminder } from './visitReminder';
import { VISIT_REMINDER, type VisitReminderPayload } from './visitReminderSchedule';
import { purgeOldRows, PURGE, PURGE_EVERY_MS } from './purge';
import { log } from '../log';

/**
 * The runner of scheduled work kept in the `jobs` table (docs/backend.md, "Scheduled jobs"). Every
 * app instance and `npm run jobs -- --once` may run it at the same time: each job is claimed with one
 * conditional update, so one runner runs it; a runner that dies keeps the job only until its lease
 * ends, then another takes it over.
 */
type Db = Kysely<Database>;

/** Longer than any one job may take (nodemailer gives up on a silent SMTP socket after 10 minutes). */
export const LEASE_MS = 15 * 60_000;
/** Attempts of a failing job before it is left as failed. */
export const MAX_ATTEMPTS = 5;

export interface RunReport {
  /** Jobs this runner claimed and finished, by outcome. */
  done: number;
  skipped: number;
  retried: number;
  failed: number;
}

type Outcome = { status: 'done'; skipped?: boolean } | { status: 'pending'; runAt: string };

async function runOne(db: Db, job: repo.JobRow, now: Date): Promise<Outcome> {
  const payload: unknown = JSON.parse(job.payload);
  switch (job.kind) {
    case VISIT_REMINDER:
      return { status: 'done', skipped: (await runVisitReminder(db, payload as VisitReminderPayload, now)) === 'skipped' };
    case PURGE:
      await purgeOldRows(db, now);
      return { status: 'pending', runAt: new Date(now.getTime() + PURGE_EVERY_MS).toISOString() };
    default:
      throw new Error(`Unknown job kind ${job.kind}`);
  }
}

/** Jobs that always exist: scheduled once per database, they reschedule themselves. */
async function ensureRecurringJobs(db: Db, now: Date): Promise<void> {
  await repo.insertJobIfAbsent(db, { key: PURGE, kind: PURGE, runAt: now.toISOString(), payload: {} }, now.toISOString());
}

/** Claims the job `id` if it is due and nobody holds it; null otherwise. Exported for tests of an interrupted runner. */
export async function claimDueJob(db: Db, id: number, now = new Date()): Promise<repo.JobRow | null> {
  return repo.claimJob(db, id, crypto.randomBytes(12).toString('hex'), now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString());
}

/** Runs every job due at `now` once (for cron, tests and the in-process timer). */
export async function runDueJobs(db: Db, opts: { now?: Date; limit?: number } = {}): Promise<RunReport> {
  const now = opts.now ?? new Date();
  const report: RunReport = { done: 0, skipped: 0, retried: 0, failed: 0 };
  await ensureRecurringJobs(db, now);
  for (const id of await repo.listDueJobIds(db, now.toISOString(), opts.limit ?? 500)) {
    const job = await claimDueJob(db, id, now);
    if (!job?.claim_token) continue;
    try {
      const outcome = await runOne(db, job, now);
      await repo.finishJob(db, job.id, job.claim_token, outcome, new Date().toISOString());
      if (outcome.status === 'done' && outcome.skipped) report.skipped++;
      else report.done++;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      log().error({ err: e, job: job.key, attempt: job.attempts }, 'Job failed');
      if (job.attempts >= MAX_ATTEMPTS) {
        await repo.finishJob(db, job.id, job.claim_token, { status: 'failed' }, new Date().toISOString(), message);
        report.failed++;
      } else {
        // Back off 1, 2, 4, 8 minutes.
        const runAt = new Date(now.getTime() + 60_000 * 2 ** (job.attempts - 1)).toISOString();
        await repo.finishJob(db, job.id, job.claim_token, { status: 'pending', runAt }, new Date().toISOString(), message);
        report.retried++;
      }
    }
  }
  return report;
}
