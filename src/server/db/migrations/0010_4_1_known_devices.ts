import { type Migration } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';

/**
 * Known devices: a browser that signed in to an account gets a device cookie (only its SHA-256 is
 * kept here); wrong passwords typed by others do not delay that browser's sign-ins to that account.
 */
export const migration: Migration = {
  async up(db: Db) {
    const [idType, idDef] = idColumn(isPostgres(db));
    await db.schema
      .createTable('known_devices')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('known_devices_user_idx').ifNotExists().on('known_devices').column('user_id').execute();
  },
};
