import type { Migration } from 'kysely';
import type { Db } from './helpers';

/**
 * The morning check-in of a home visit (docs/backend.md, "Morning check-in"): when the patient last
 * ate and, for cycle-day analyses, the first day of the last period, given on the morning of the
 * visit; one row per order (a later answer replaces the earlier), travelling with the sample.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('visit_check_ins')
      .ifNotExists()
      .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
      .addColumn('last_meal_at', 'text', (c) => c.notNull())
      .addColumn('cycle_start', 'text')
      .addColumn('fasting_hours', 'real')
      .addColumn('rules_met', 'integer', (c) => c.notNull())
      .addColumn('answered_at', 'text', (c) => c.notNull())
      .execute();
  },
};
