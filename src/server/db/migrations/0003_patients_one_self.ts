import { type Migration, sql } from 'kysely';
import type { Db } from './helpers';

/** A user is their own patient at most once (`is_user = 1`), even under concurrent requests. */
export const migration: Migration = {
  async up(db: Db) {
    await sql`create unique index if not exists patients_one_self_uq on patients (user_id) where is_user = 1`.execute(db);
  },
};
