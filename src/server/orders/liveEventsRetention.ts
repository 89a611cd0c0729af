import { object } from 'yup';
import type { Db } from '@/server/db/createDb';
import { defineJob } from '@/server/jobs/defineJob';
import { JOB } from '@/server/jobs/specs';
import { deleteLiveEventsBefore } from './repositories/liveEvents';

/**
 * Retention of `order_live_events` (migration 0012_3): a row is only needed while a client may come
 * back with its id as `Last-Event-ID`, which is minutes, not days. Rows older than a day are deleted
 * every hour, except each order's latest (its id stays the id of the order's current state, so a
 * client holding it is not sent the order again as if it had missed something).
 */
export const LIVE_EVENTS_KEEP_MS = 24 * 3_600_000;
export const LIVE_EVENTS_PRUNE_EVERY_MS = 3_600_000;

/** Deletes the live events older than `LIVE_EVENTS_KEEP_MS` but each order's latest; returns how many. */
export async function pruneLiveEvents(db: Db, now = new Date()): Promise<number> {
  return deleteLiveEventsBefore(db, new Date(now.getTime() - LIVE_EVENTS_KEEP_MS).toISOString());
}

/** The `order-live-events-prune` job: once an hour (the queue keeps one run per period, src/server/jobs/worker.ts). */
export const liveEventsPruneJob = defineJob({
  name: JOB.liveEventsPrune,
  payload: object({}),
  everyMs: LIVE_EVENTS_PRUNE_EVERY_MS,
  async handler(_payload, { db, now }) {
    await pruneLiveEvents(db, now);
  },
});
