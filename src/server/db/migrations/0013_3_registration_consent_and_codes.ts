import { type Migration } from 'kysely';
import type { Db } from './helpers';

/**
 * Registration: when the new user accepted the terms and the privacy notice (null for accounts made
 * without the form's consent, e.g. by the spec's bare payload), and which documents they were; the
 * 6-character confirmation code mailed beside the activation link, stored hashed on its token's row
 * (so it expires and is used up with the token).
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('users').addColumn('terms_accepted_at', 'text').execute();
    await db.schema.alterTable('users').addColumn('terms_accepted', 'text').execute();
    await db.schema.alterTable('auth_tokens').addColumn('code_hash', 'text').execute();
  },
};
