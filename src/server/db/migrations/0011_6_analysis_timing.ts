import { type Migration } from 'kysely';
import type { Db } from './helpers';
import { applyDemoTiming } from '../demo/timing';

/**
 * When an analysis may be drawn (fasting, latest local time, cycle days), and the first day of the
 * last period given with an order for cycle-day analyses (kept with the order only).
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('analyses').addColumn('timing_fasting_min', 'integer').execute();
    await db.schema.alterTable('analyses').addColumn('timing_fasting_max', 'integer').execute();
    await db.schema.alterTable('analyses').addColumn('timing_latest_local_time', 'text').execute();
    await db.schema.alterTable('analyses').addColumn('timing_cycle_from', 'integer').execute();
    await db.schema.alterTable('analyses').addColumn('timing_cycle_to', 'integer').execute();
    await db.schema.alterTable('orders').addColumn('cycle_start', 'text').execute();
    await applyDemoTiming(db);
  },
};
