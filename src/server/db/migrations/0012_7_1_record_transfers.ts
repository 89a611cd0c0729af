import type { Migration } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';

/**
 * Record transfer at 18 (docs/privacy.md, "Family members"): an invite is either a consent invite
 * (the person lets the holder read their results) or a transfer invite (the now-adult takes the
 * record, history included, to their own account): `patient_invites.kind`. `record_transfers` keeps
 * each move of a record from one account to another; the new account reads the results of the
 * earlier orders of that record through it.
 */
export const migration: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    await db.schema.alterTable('patient_invites').addColumn('kind', 'text', (c) => c.notNull().defaultTo('consent')).execute();
    const [idType, idDef] = idColumn(pg);
    await db.schema
      .createTable('record_transfers')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('patient_id', 'integer', (c) => c.notNull().references('patients.id').onDelete('cascade'))
      .addColumn('from_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('to_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('transferred_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('record_transfers_to_idx').ifNotExists().on('record_transfers').columns(['to_user_id', 'patient_id']).execute();
    await db.schema.createIndex('record_transfers_patient_idx').ifNotExists().on('record_transfers').column('patient_id').execute();
  },
};
