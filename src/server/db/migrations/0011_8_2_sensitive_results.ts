import { type Kysely, type Migration } from 'kysely';
import type { Db } from './helpers';
import type { Database } from '../schema';
import { markDemoSensitive } from '../catalogueShorthand';

/**
 * Sensitive analyses and the holding of their results (docs/notifications.md, "Sensitive results"):
 * `analyses.sensitive` ('' not, 'always', 'minor': for a patient under 18) and `result_holds`, a
 * result outside its range kept from the patient until the laboratory's doctor releases it with a
 * note, or until `release_due` (72 h). The demo catalogue's HIV, hepatitis B/C, syphilis, tumour
 * markers and hCG (for a minor) are marked.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('analyses').addColumn('sensitive', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema
      .createTable('result_holds')
      .ifNotExists()
      .addColumn('order_id', 'integer', (c) => c.notNull())
      .addColumn('patient_id', 'integer', (c) => c.notNull())
      .addColumn('analysis_id', 'integer', (c) => c.notNull())
      .addColumn('laboratory_id', 'text', (c) => c.notNull())
      .addColumn('held_at', 'text', (c) => c.notNull())
      .addColumn('release_due', 'text', (c) => c.notNull())
      .addColumn('released_at', 'text')
      .addColumn('released_by', 'integer')
      .addColumn('release_note', 'text', (c) => c.notNull().defaultTo(''))
      .addPrimaryKeyConstraint('result_holds_pk', ['order_id', 'patient_id', 'analysis_id'])
      .execute();
    await db.schema.createIndex('result_holds_laboratory').ifNotExists().on('result_holds').columns(['laboratory_id', 'released_at']).execute();
    await markDemoSensitive(db as unknown as Kysely<Database>);
  },
};
