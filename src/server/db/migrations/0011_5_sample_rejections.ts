import { type Migration } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';

/**
 * Rejected samples (HL7 table 0490 reasons) per order line, and the free redraw: an order made for
 * the rejected analyses of another (`orders.redraw_of`).
 */
export const migration: Migration = {
  async up(db: Db) {
    const [idType, idDef] = idColumn(isPostgres(db));
    await db.schema
      .createTable('sample_rejections')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('patient_id', 'integer', (c) => c.notNull())
      .addColumn('analysis_id', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('rejected_by', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      // 1: the analysis was a redraw already; the laboratory follows it up instead of a new offer.
      .addColumn('staff_task', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('task_closed_at', 'text')
      .execute();
    await db.schema.createIndex('sample_rejections_line_idx').ifNotExists().unique().on('sample_rejections').columns(['order_id', 'patient_id', 'analysis_id']).execute();
    await db.schema.createIndex('sample_rejections_created_idx').ifNotExists().on('sample_rejections').column('created_at').execute();
    await db.schema.alterTable('orders').addColumn('redraw_of', 'integer').execute();
    // One redraw per order: a second booking finds the first.
    await db.schema.createIndex('orders_redraw_of_idx').ifNotExists().unique().on('orders').column('redraw_of').execute();
  },
};
