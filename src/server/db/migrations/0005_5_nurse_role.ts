import { type Migration, sql } from 'kysely';
import type { Db } from './helpers';

/**
 * Nurses: a staff user's role in the laboratory (`staff` runs the console, `nurse` makes the home
 * visits; null for patients), the nurse assigned to each order's visit, and a visit where nobody
 * opened the door ("not at home", with the nurse's note and time).
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('users').addColumn('staff_role', 'text').execute();
    await sql`update users set staff_role = 'staff' where role = 'staff'`.execute(db);
    await db.schema.alterTable('orders').addColumn('nurse_user_id', 'integer', (c) => c.references('users.id')).execute();
    await db.schema.alterTable('orders').addColumn('not_at_home_at', 'text').execute();
    await db.schema.alterTable('orders').addColumn('not_at_home_note', 'text').execute();
    await db.schema.createIndex('orders_nurse_user_idx').ifNotExists().on('orders').column('nurse_user_id').execute();
  },
};
