import PgBoss from 'pg-boss';
import * as repo from '@/server/jobs/repositories/pgBossJobs';
import { JOB, JOB_SPECS, specOf } from './specs';
import { jobUuid, safeError } from './keys';
import type { EnqueueOptions, JobDb, JobDefinition, JobState, JobView } from './types';
import { log } from '../log';
import { getConfig } from '../config';

/**
 * The job queue on PostgreSQL: pg-boss (its own schema in the shop's database, `SKIP LOCKED`
 * fetches, retries with backoff, retention). An enqueue runs pg-boss's insert through the caller's
 * Kysely transaction, so the job commits or rolls back with the change that owes it; the job's id
 * is derived from its name and key, so a repeated enqueue is one job.
 */
export interface BossHandle {
  boss: PgBoss;
  schema: string;
}

// Kept on globalThis: Next's bundles of one process (and its dev reloads) share it.
declare global {
  var __labShopBoss: Map<string, Promise<BossHandle>> | undefined;
}
const holder = globalThis;

/** The shop's own schema on PostgreSQL (`?schema=` of DATABASE_URL), if any. */
export function appSchema(): string | undefined {
  const d = getConfig().database;
  return d.kind === 'postgres' ? d.schema : undefined;
}

/** pg-boss's schema beside the shop's: `pgboss` for the default schema, `<schema>_jobs` for another. */
export function bossSchemaFor(appSchema: string | undefined): string {
  return appSchema ? `${appSchema}_jobs` : 'pgboss';
}

/** The process's pg-boss for the database (started once: creates its schema and every known queue). */
export function bossFor(db: JobDb, appSchema: string | undefined): Promise<BossHandle> {
  holder.__labShopBoss ??= new Map();
  const schema = bossSchemaFor(appSchema);
  let started = holder.__labShopBoss.get(schema);
  if (!started) {
    started = (async () => {
      const boss = new PgBoss({ db: repo.bossExecutor(db), schema, supervise: true, schedule: false, archiveCompletedAfterSeconds: 3600, deleteAfterDays: 7 });
      boss.on('error', (e) => log().error({ error: safeError(e) }, 'Job queue error'));
      await boss.start();
      for (const name of new Set([...Object.values(JOB), ...Object.keys(JOB_SPECS)])) await ensureQueue(boss, name);
      return { boss, schema };
    })();
    started.catch(() => holder.__labShopBoss?.delete(schema));
    holder.__labShopBoss.set(schema, started);
  }
  return started;
}

const created = new WeakMap<PgBoss, Map<string, Promise<void>>>();

/**
 * `createQueue` attaches a partition to pg-boss's job table; another instance doing the same, or
 * sending a job at that moment, may make PostgreSQL pick it as a deadlock victim: tried again.
 */
async function createQueueRetried(boss: PgBoss, name: string, options: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await boss.createQueue(name, options);
    } catch (e) {
      if ((e as { code?: string }).code !== '40P01' || attempt >= 5) throw e;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}

/**
 * Creates a queue once per process: concurrent callers share one creation (two `createQueue` calls
 * for one name at the same moment deadlock on PostgreSQL); a failed creation is tried again next time.
 */
function ensureQueue(boss: PgBoss, name: string): Promise<void> {
  const known = created.get(boss) ?? new Map<string, Promise<void>>();
  created.set(boss, known);
  let pending = known.get(name);
  if (!pending) {
    const spec = specOf(name);
    pending = createQueueRetried(boss, name, { name, retryLimit: spec.retryLimit, retryDelay: spec.retryDelaySeconds, retryBackoff: true, expireInSeconds: spec.timeoutSeconds, retentionDays: 14 });
    pending.catch(() => known.delete(name));
    known.set(name, pending);
  }
  return pending;
}

export async function enqueueInBoss(handle: BossHandle, db: JobDb, name: string, payload: object, key: string, opts: EnqueueOptions): Promise<boolean> {
  await ensureQueue(handle.boss, name);
  const spec = specOf(name);
  const id = await handle.boss.send(name, { payload, laboratoryId: opts.laboratoryId ?? null }, {
    id: jobUuid(name, key),
    singletonKey: key,
    priority: opts.priority ?? 0,
    ...(opts.runAt ? { startAfter: opts.runAt } : {}),
    retryLimit: spec.retryLimit,
    retryDelay: spec.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: spec.timeoutSeconds,
    db: repo.bossExecutor(db),
  });
  return id !== null;
}

/** Waiting jobs of `name` whose key starts with `keyPrefix` will not run. */
export async function cancelInBoss(handle: BossHandle, db: JobDb, name: string, keyPrefix: string): Promise<void> {
  const ids = await repo.waitingBossJobIds(db, handle.schema, name, keyPrefix);
  if (ids.length) await handle.boss.cancel(name, ids, { db: repo.bossExecutor(db) });
}

interface BossData {
  payload: Record<string, unknown>;
  laboratoryId: string | null;
}

/** Runs one job's handler; a failure is logged and thrown again with a message safe to store. */
async function runJob(def: JobDefinition, db: JobDb, job: { id: string; retryCount: number; data: BossData }): Promise<void> {
  try {
    await def.handler(job.data.payload, { db, id: job.id, attempt: job.retryCount + 1, now: new Date() });
  } catch (e) {
    log().warn({ job: def.name, id: job.id, attempt: job.retryCount + 1, error: safeError(e) }, 'Job failed');
    throw new Error(safeError(e));
  }
}

/** Starts `concurrency` workers per queue on this process; returns their ids (for notifyWorker). */
export async function workInBoss(handle: BossHandle, db: JobDb, defs: readonly JobDefinition[], concurrency: number): Promise<string[]> {
  const ids: string[] = [];
  for (const def of defs) {
    await ensureQueue(handle.boss, def.name);
    for (let i = 0; i < concurrency; i++) {
      ids.push(
        await handle.boss.work<BossData>(def.name, { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true }, async ([job]) => {
          if (job) await runJob(def, db, job);
        }),
      );
    }
  }
  return ids;
}

/** Runs every job due now once, without workers (`npm run jobs -- --once`). */
export async function runDueInBoss(handle: BossHandle, db: JobDb, defs: readonly JobDefinition[]): Promise<{ done: number; retried: number; failed: number }> {
  const report = { done: 0, retried: 0, failed: 0 };
  for (const def of defs) {
    await ensureQueue(handle.boss, def.name);
    for (;;) {
      const jobs = await handle.boss.fetch<BossData>(def.name, { batchSize: 20, includeMetadata: true });
      if (!jobs.length) break;
      // pg-boss takes the batch in priority order but returns it unordered.
      jobs.sort((a, b) => b.priority - a.priority || a.createdOn.getTime() - b.createdOn.getTime());
      for (const job of jobs) {
        try {
          await runJob(def, db, job);
          await handle.boss.complete(def.name, job.id);
          report.done++;
        } catch (e) {
          await handle.boss.fail(def.name, job.id, { message: safeError(e) });
          if (job.retryCount >= job.retryLimit) report.failed++;
          else report.retried++;
        }
      }
    }
  }
  return report;
}

const STATE_OF: Record<repo.BossJobRow['state'], JobState> = { created: 'pending', retry: 'retrying', active: 'running', completed: 'done', cancelled: 'cancelled', failed: 'failed' };

function lastError(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output) return safeError(String((output as { message: unknown }).message));
  return null;
}

function view(r: repo.BossJobRow): JobView {
  return { id: r.id, name: r.name, state: STATE_OF[r.state], attempts: r.retry_count + (r.state === 'created' ? 0 : 1), runAt: new Date(r.start_after).toISOString(), createdAt: new Date(r.created_on).toISOString(), lastError: lastError(r.output), laboratoryId: r.laboratory_id };
}

export async function listInBoss(handle: BossHandle, db: JobDb, opts: { laboratoryId?: string; limit: number }): Promise<JobView[]> {
  return (await repo.listBossJobs(db, handle.schema, opts)).map(view);
}

export async function listByKeyInBoss(handle: BossHandle, db: JobDb, name: string, prefixes: string[]): Promise<JobView[]> {
  return (await repo.listBossJobsByKeyPrefix(db, handle.schema, name, prefixes)).map(view);
}

export async function findInBoss(handle: BossHandle, db: JobDb, id: string): Promise<JobView | null> {
  const row = await repo.findBossJob(db, handle.schema, id);
  return row ? view(row) : null;
}

export async function retryInBoss(handle: BossHandle, job: JobView): Promise<boolean> {
  if (job.state !== 'failed') return false;
  await handle.boss.retry(job.name, job.id);
  return true;
}

export async function discardInBoss(handle: BossHandle, job: JobView): Promise<boolean> {
  if (job.state === 'failed') await handle.boss.deleteJob(job.name, job.id);
  else if (job.state === 'pending' || job.state === 'retrying') await handle.boss.cancel(job.name, job.id);
  else return false;
  return true;
}

export async function countInBoss(handle: BossHandle, db: JobDb): Promise<{ name: string; state: JobState; n: number }[]> {
  return (await repo.countBossJobs(db, handle.schema)).map((r) => ({ name: r.name, state: STATE_OF[r.state], n: r.n }));
}

/** Stops this process's pg-boss instances: no new jobs taken, running ones finish (or are released after `timeoutMs`). */
export async function stopBosses(timeoutMs = 10_000): Promise<void> {
  const all = [...(holder.__labShopBoss?.values() ?? [])];
  holder.__labShopBoss?.clear();
  await Promise.all(all.map(async (p) => (await p.catch(() => null))?.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false })));
}

/** Tests: stop and forget the instance of one schema. */
export async function stopBossFor(appSchema: string | undefined): Promise<void> {
  const schema = bossSchemaFor(appSchema);
  const p = holder.__labShopBoss?.get(schema);
  holder.__labShopBoss?.delete(schema);
  const h = await p?.catch(() => null);
  await h?.boss.stop({ graceful: false, wait: true, close: false, timeout: 2000 });
}
