import type { Migration } from 'kysely';
import type { Db } from './helpers';

/**
 * What the nurse should know before the door opens (docs/backend.md, "The patient's needs"): one
 * optional row per patient, entered and edited by the account holder, removed with the patient; and
 * the nurse's own profile (sex and languages spoken) that assignment matches the needs against.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('patient_needs')
      .ifNotExists()
      .addColumn('patient_id', 'integer', (c) => c.primaryKey().references('patients.id').onDelete('cascade'))
      .addColumn('language', 'text')
      .addColumn('nurse_sex', 'text')
      .addColumn('needle_fear', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('difficult_veins', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('fainting', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('latex_allergy', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('anticoagulants', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('no_lift', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('intercom', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('nurse_profiles')
      .ifNotExists()
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('sex', 'text')
      .addColumn('languages', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
};
