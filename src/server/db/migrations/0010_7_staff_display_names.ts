import { type Migration } from 'kysely';
import type { Db } from './helpers';

/** Staff members' display names: how a patient sees who opened their results ("Anna Nowak"). */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('users').addColumn('display_name', 'text').execute();
  },
};
