import { type Migration } from 'kysely';
import type { Db } from './helpers';

/** The SEQUENCE of each order's calendar event; existing orders start at 0. */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('orders').addColumn('calendar_sequence', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
