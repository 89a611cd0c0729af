import { type Migration } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';

/** Barriers reported on the accessibility statement: tickets of a laboratory, due 30 days after the report. */
export const migration: Migration = {
  async up(db: Db) {
    const [idType, idDef] = idColumn(isPostgres(db));
    await db.schema
      .createTable('barrier_reports')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('laboratory_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('page', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('due_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('barrier_reports_lab_idx').ifNotExists().on('barrier_reports').columns(['laboratory_id', 'due_at']).execute();
  },
};
