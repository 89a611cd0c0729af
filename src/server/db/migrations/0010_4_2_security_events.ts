import { type Migration } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';

/**
 * Security events (refused sign-ins and lock-outs) apart from the audit trail of health-data access:
 * one row per key (outcome and address typed) and 15-minute window, with a counter, so that refused
 * sign-ins cannot flood the trail. Anonymous rows are purged after RETENTION_DAYS.
 */
export const migration: Migration = {
  async up(db: Db) {
    const [idType, idDef] = idColumn(isPostgres(db));
    await db.schema
      .createTable('security_events')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject_user_id', 'integer')
      .addColumn('laboratory_id', 'text')
      .addColumn('client_ip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('first_at', 'text', (c) => c.notNull())
      .addColumn('last_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('security_events_key_window', ['key', 'window_start'])
      .execute();
    await db.schema.createIndex('security_events_lab_idx').ifNotExists().on('security_events').columns(['laboratory_id', 'id']).execute();
    await db.schema.createIndex('security_events_subject_idx').ifNotExists().on('security_events').columns(['subject_user_id', 'id']).execute();
  },
};
