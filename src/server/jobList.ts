import { ageOutJob } from './accounts/householdAgeOut';
import { ksefSendJob } from './invoices/ksef';
import { runnable } from './jobs/defineJob';
import type { JobDb, JobDefinition, RunReport } from './jobs/types';
import * as worker from './jobs/worker';
import { mailSendJob } from './mail/sender';
import { pushSendJob } from './notifications/pushSend';
import { checkInInviteJob, checkInMorningJob } from './orders/checkInInvite';
import { liveEventsPruneJob } from './orders/liveEventsRetention';
import { visitReminderJob } from './orders/visitReminder';
import { paymentAwaitingJob } from './payments/awaiting';
import { paymentExpireJob } from './payments/hold';
import { paymentRefundCheckJob, paymentRefundJob } from './payments/refunds';
import { purgeJob } from './purge';
import { sensitiveReleaseJob } from './results/sensitiveResults';

/**
 * The composition root of the background work: every job the shop runs, and the worker's entry points
 * bound to that list. `jobs/` is only the engine (queue, worker, retry) and imports no domain; each
 * domain defines its jobs with `defineJob` and enqueues through `jobs/`, one way. A new kind of
 * background work is one `defineJob` in its domain and one entry here (with its retry options in
 * jobs/specs.ts). The list is typed entry by entry, without a cast.
 */
const JOBS: readonly JobDefinition[] = [
  runnable(mailSendJob),
  runnable(visitReminderJob),
  runnable(purgeJob),
  runnable(paymentExpireJob),
  runnable(paymentAwaitingJob),
  runnable(paymentRefundJob),
  runnable(paymentRefundCheckJob),
  runnable(ksefSendJob),
  runnable(pushSendJob),
  runnable(ageOutJob),
  runnable(sensitiveReleaseJob),
  runnable(liveEventsPruneJob),
  runnable(checkInMorningJob),
  runnable(checkInInviteJob),
];

export function jobDefinitions(): readonly JobDefinition[] {
  return JOBS;
}

/** Recurring work (the daily purge): one run per period, whichever instance enqueues it first. */
export function ensureRecurringJobs(db: JobDb, now = new Date()): Promise<void> {
  return worker.ensureRecurringJobs(db, JOBS, now);
}

/** Runs every job due now once and returns (for cron and tests). */
export function runJobsOnce(db: JobDb, opts: { now?: Date } = {}): Promise<RunReport> {
  return worker.runJobsOnce(db, JOBS, opts);
}

/** Starts this process's worker once (JOBS_WORKER=false leaves the work to `npm run jobs`). */
export function startWorker(db: JobDb): Promise<void> {
  return worker.startWorker(db, JOBS);
}

/** The app's own worker, started by the routes' bundle on its first request (src/server/http/route.ts). */
export function startAppWorker(db: JobDb): void {
  worker.startAppWorker(db, JOBS);
}
