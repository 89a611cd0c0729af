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
 */
export interface Job<P extends AnyObject = AnyObject> {
  readonly name: string;
  readonly payload: ObjectSchema<P>;
  readonly spec: JobSpec;
  /** Recurring work: the queue keeps one run scheduled this many milliseconds after the previous one. */
  readonly everyMs?: number;
  handler(payload: P, ctx: JobContext): Promise<void>;
}

export function defineJob<P extends AnyObject>(def: { name: string; payload: ObjectSchema<P>; everyMs?: number; handler(payload: P, ctx: JobContext): Promise<void> }): Job<P> {
  return { ...def, spec: specOf(def.name) };
}

/** The payload as the job's schema admits it; a `ValidationError` naming the field otherwise. */
export function checkedPayload<P extends AnyObject>(job: Job<P>, payload: unknown): P {
  return job.payload.validateSync(payload, { strict: true, abortEarly: false }) as P;
}

/**
 * A definition as the engines run it (payload as stored). A job made with `defineJob` has its payload
 * checked first; an older hand-written `JobDefinition` gets it as stored.
 */
export function runnable<P extends AnyObject>(def: Job<P> | JobDefinition<P>): JobDefinition {
  const everyMs = def.everyMs ? { everyMs: def.everyMs } : {};
  if ('payload' in def) return { name: def.name, ...everyMs, handler: async (payload, ctx) => def.handler(checkedPayload(def, payload), ctx) };
  return { name: def.name, ...everyMs, handler: (payload, ctx) => def.handler(payload as P, ctx) };
}
