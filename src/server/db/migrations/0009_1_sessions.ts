import { type Migration } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';

/**
 * Sign-in sessions: one row per sign-in with its idle and absolute expiry; access tokens belong to a
 * session (`auth_tokens.session_id`); refresh tokens (SHA-256 only) are rotated on every use and the
 * replaced ones are kept so a second use of one is recognised as reuse.
 */
export const migration: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema
      .createTable('sessions')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text', (c) => c.notNull())
      .addColumn('idle_seconds', 'integer', (c) => c.notNull())
      .addColumn('idle_expires_at', 'text', (c) => c.notNull())
      .addColumn('absolute_expires_at', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('revoked_at', 'text')
      .addColumn('revoked_reason', 'text')
      .execute();
    await db.schema.createIndex('sessions_user_idx').ifNotExists().on('sessions').columns(['user_id', 'id']).execute();
    await db.schema
      .createTable('refresh_tokens')
      .ifNotExists()
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('replaced_at', 'text')
      .execute();
    await db.schema.createIndex('refresh_tokens_session_idx').ifNotExists().on('refresh_tokens').column('session_id').execute();
    await db.schema.alterTable('auth_tokens').addColumn('session_id', 'integer').execute();
    await db.schema.createIndex('auth_tokens_session_idx').ifNotExists().on('auth_tokens').column('session_id').execute();
  },
};
