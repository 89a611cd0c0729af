import { type Migration } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';

/**
 * Scheduled work kept in the database (docs/backend.md, "Scheduled jobs"): one row per job, `key`
 * unique so a job is scheduled once (e.g. `visit-reminder:<orderId>`), claimed with a conditional
 * update and a lease.
 */
export const migration: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema
      .createTable('jobs')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('run_at', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claim_token', 'text')
      .addColumn('locked_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('done_at', 'text')
      .execute();
    await db.schema.createIndex('jobs_due_idx').ifNotExists().on('jobs').columns(['status', 'run_at']).execute();
  },
};
