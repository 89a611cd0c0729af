import { getConfig } from '../config';
import { log } from '../log';
import { object } from 'yup';
import { enqueue } from './queue';
import { declareJob } from './defineJob';
import { engineFor } from './engine';
import * as table from './tableQueue';
import * as pgBoss from './pgBossQueue';
import { appSchema } from './pgBossQueue';
import { onWake } from './wake';
import type { JobDb, JobDefinition, RunReport } from './types';

/**
 * Runs the queue's jobs in this process: on PostgreSQL pg-boss's workers, on SQLite the app's own
 * loop over the `jobs` table (woken by an enqueue, else polling every second). `npm run jobs` runs
 * the same in a separate process; `stopWorker` drains on SIGTERM. The engine knows no job: the list
 * of them is handed in by the composition root, src/server/jobList.ts.
 */
const POLL_MS = 1000;

interface Running {
  stop(): Promise<void>;
}

// Kept on globalThis: Next's bundles of one process (and its dev reloads) share it.
declare global {
  var __labShopWorker: Running | undefined;
}
const holder = globalThis;

function handlers(defs: readonly JobDefinition[]): Map<string, JobDefinition> {
  return new Map(defs.map((d) => [d.name, d]));
}

/** Recurring work takes no payload: its declaration is its name and the empty schema its handler checks too. */
const recurring = (name: string) => declareJob({ name, payload: object({}) });

/** Recurring work (the daily purge): one run per period, whichever instance enqueues it first. */
export async function ensureRecurringJobs(db: JobDb, jobs: readonly JobDefinition[], now = new Date()): Promise<void> {
  for (const def of jobs) {
    if (!def.everyMs) continue;
    const slot = Math.floor(now.getTime() / def.everyMs);
    await enqueue(db, recurring(def.name), {}, { key: `period:${slot}`, runAt: now });
  }
}

/** Runs every job due now once and returns (for cron and tests). */
export async function runJobsOnce(db: JobDb, jobs: readonly JobDefinition[], opts: { now?: Date } = {}): Promise<RunReport> {
  await ensureRecurringJobs(db, jobs, opts.now);
  return engineFor(db).runDue(db, jobs, getConfig().jobsConcurrency);
}

function startTableLoop(db: JobDb, jobs: readonly JobDefinition[], concurrency: number): Running {
  const map = handlers(jobs);
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  let again = false;
  let ensuredAt = 0;
  const tick = (): void => {
    if (stopping) return;
    if (current) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    current = (async () => {
      try {
        if (Date.now() - ensuredAt > 60_000) {
          await ensureRecurringJobs(db, jobs);
          ensuredAt = Date.now();
        }
        do {
          again = false;
          await table.runDueInTable(db, map, { concurrency, shouldStop: () => stopping });
        } while (again && !stopping);
      } catch (e) {
        log().error({ err: e }, 'Running jobs failed');
      }
    })().finally(() => {
      current = null;
      if (!stopping) {
        timer = setTimeout(tick, POLL_MS);
        timer.unref();
      }
    });
  };
  const off = onWake(tick);
  tick();
  return {
    async stop() {
      stopping = true;
      off();
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}

async function startBossWorkers(db: JobDb, jobs: readonly JobDefinition[], concurrency: number): Promise<Running> {
  const handle = await pgBoss.bossFor(db, appSchema());
  await ensureRecurringJobs(db, jobs);
  const ids = await pgBoss.workInBoss(handle, db, jobs, concurrency);
  const off = onWake(() => ids.forEach((id) => handle.boss.notifyWorker(id)));
  const recurring = setInterval(() => void ensureRecurringJobs(db, jobs).catch(() => undefined), 60_000);
  recurring.unref();
  return {
    async stop() {
      off();
      clearInterval(recurring);
      await pgBoss.stopBosses();
    },
  };
}

/** Starts this process's worker once (JOBS_WORKER=false leaves the work to `npm run jobs`). */
export async function startWorker(db: JobDb, jobs: readonly JobDefinition[]): Promise<void> {
  if (holder.__labShopWorker) return;
  const concurrency = getConfig().jobsConcurrency;
  const placeholder: Running = { stop: async () => undefined };
  holder.__labShopWorker = placeholder;
  try {
    holder.__labShopWorker = engineFor(db).kind === 'pg-boss' ? await startBossWorkers(db, jobs, concurrency) : startTableLoop(db, jobs, concurrency);
  } catch (e) {
    holder.__labShopWorker = undefined;
    throw e;
  }
}

/** Drains: no new job is taken; running ones finish (pg-boss releases those past its timeout). */
export async function stopWorker(): Promise<void> {
  const w = holder.__labShopWorker;
  holder.__labShopWorker = undefined;
  await w?.stop();
}

/**
 * The app's own worker, started by the routes' bundle on its first request (src/server/http/route.ts)
 * unless JOBS_INTERVAL_SECONDS=0 (then `npm run jobs` runs the work). Not from `createDb`: opening the
 * database no longer loads every job's handler, and the database layer imports nothing of the jobs.
 */
export function startAppWorker(db: JobDb, jobs: readonly JobDefinition[]): void {
  if (holder.__labShopWorker || !getConfig().jobsIntervalSeconds) return;
  startWorker(db, jobs).catch((e: unknown) => log().error({ err: e }, 'The job worker did not start'));
}
