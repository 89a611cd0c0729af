import type { AnyObject, ObjectSchema } from 'yup';
import { specOf, type JobSpec } from './specs';
import type { JobContext, JobDefinition } from './types';

/**
 * One kind of background work in one place (documenso's `defineJob` shape): its name, the schema of
 * its payload (ids only), its handler and, for recurring work, its period. `enqueue(trx, job, payload)`
 * (queue.ts) takes the definition, so the payload is typed at the call and checked against the schema
 * before it is stored; the worker checks it again before the handler gets it. Retry and timing options
 * are read by name from `JOB_SPECS` (specs.ts), where the queue engines find them without loading a
 * handler.
 *
 * Where the code that enqueues a job is imported by its handler (the hold's expiry enqueued by the
 * payment it may record, the visit reminder by the order it mails about), the name and schema are
 * declared beside the enqueue with `declareJob`, and the handler's file completes that declaration
 * with `defineJob({ ...DECLARATION, handler })`: one name and one schema, no import circle.
 */
export interface JobDeclaration<P extends AnyObject = AnyObject> {
  /** The job's name as the queue stores it (specs.ts `JOB`): never renamed, queued rows carry it. */
  readonly name: string;
  readonly payload: ObjectSchema<P>;
}

export interface Job<P extends AnyObject = AnyObject> extends JobDeclaration<P> {
  readonly spec: JobSpec;
  /** Recurring work: the queue keeps one run scheduled this many milliseconds after the previous one. */
  readonly everyMs?: number;
  handler(payload: P, ctx: JobContext): Promise<void>;
}

export function declareJob<P extends AnyObject>(def: JobDeclaration<P>): JobDeclaration<P> {
  return def;
}

export function defineJob<P extends AnyObject>(def: { name: string; payload: ObjectSchema<P>; everyMs?: number; handler(payload: P, ctx: JobContext): Promise<void> }): Job<P> {
  return { ...def, spec: specOf(def.name) };
}

/** The payload as the job's schema admits it; a `ValidationError` naming the field otherwise. */
export function checkedPayload<P extends AnyObject>(job: JobDeclaration<P>, payload: unknown): P {
  return job.payload.validateSync(payload, { strict: true, abortEarly: false }) as P;
}

/** A definition as the engines run it: the payload as stored is checked against the schema first. */
export function runnable<P extends AnyObject>(def: Job<P>): JobDefinition {
  const everyMs = def.everyMs ? { everyMs: def.everyMs } : {};
  return { name: def.name, ...everyMs, handler: async (payload, ctx) => def.handler(checkedPayload(def, payload), ctx) };
}
