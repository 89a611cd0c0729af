import { type Migration } from 'kysely';
import type { Db } from './helpers';

/**
 * A patient's national identifiers, both optional: the Polish PESEL (11 digits) and the Belarusian
 * personal (identification) number (14 characters). Read only by the patient's owner.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('patients').addColumn('pesel', 'text').execute();
    await db.schema.alterTable('patients').addColumn('personal_number', 'text').execute();
  },
};
