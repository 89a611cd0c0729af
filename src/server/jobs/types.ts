import type { Db } from '@/server/db/createDb';

/**
 * The job queue's small interface (docs/backend.md, "Jobs and the mail outbox"): work is enqueued by
 * name with a payload of ids, run by the handler registered under that name, retried with exponential
 * backoff up to its limit, then dead-lettered (state `failed`, visible to staff).
 */
export type JobDb = Db;

export interface JobContext {
  /** The database to work in (not the transaction of the enqueue, which has committed). */
  db: JobDb;
  /** The queue's id of this job. */
  id: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  now: Date;
}

export interface JobDefinition<P = Record<string, unknown>> {
  name: string;
  handler(payload: P, ctx: JobContext): Promise<void>;
  /** Retries after the first failure before the job is dead-lettered (default 8). */
  retryLimit?: number;
  /** Delay before the first retry in seconds, doubled for each further one (default 5). */
  retryDelaySeconds?: number;
  /** Longest a run may take before another worker may take it over, seconds (default 300). */
  timeoutSeconds?: number;
  /** Recurring work: the queue keeps one run scheduled this many milliseconds after the previous one. */
  everyMs?: number;
}

export interface EnqueueOptions {
  /** Idempotency key: a second enqueue of the same name and key is a no-op. */
  key?: string;
  /** Not before this instant (default now). */
  runAt?: Date;
  /** Higher runs first (default 0; the critical-result alert is 10). */
  priority?: number;
  /** The laboratory whose staff may see and handle the job (null: the operators' only). */
  laboratoryId?: string | null;
}

export type JobState = 'pending' | 'running' | 'retrying' | 'done' | 'failed' | 'cancelled';

/** A job as the staff console and the metrics see it (never its payload). */
export interface JobView {
  id: string;
  name: string;
  state: JobState;
  attempts: number;
  runAt: string;
  createdAt: string;
  lastError: string | null;
  laboratoryId: string | null;
}

export interface RunReport {
  done: number;
  retried: number;
  failed: number;
}
