import { type Migration } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';

/**
 * The job queue's table on SQLite gains a priority, the laboratory whose staff see the job and the
 * attempts before it is dead-lettered; the mail outbox (docs/backend.md, "Jobs and the mail outbox").
 */
export const migration: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema.alterTable('jobs').addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('jobs').addColumn('laboratory_id', 'text').execute();
    await db.schema.alterTable('jobs').addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(9)).execute();
    await db.schema.createIndex('jobs_lab_idx').ifNotExists().on('jobs').columns(['laboratory_id', 'status']).execute();
    await db.schema
      .createTable('mail_outbox')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('message_id', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('reply_to', 'text')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('html_body', 'text')
      .addColumn('ical', 'text')
      .addColumn('laboratory_id', 'text')
      .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('attempted_at', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('mail_outbox_status_idx').ifNotExists().on('mail_outbox').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('mail_outbox_lab_idx').ifNotExists().on('mail_outbox').columns(['laboratory_id', 'status']).execute();
  },
};
