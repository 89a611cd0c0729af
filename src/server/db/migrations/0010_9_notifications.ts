import { type Migration } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';

/** Notification channels per user and event, and Web Push subscriptions per device (session). */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('notification_settings')
      .ifNotExists()
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('email', 'integer', (c) => c.notNull())
      .addColumn('push', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_settings_pk', ['user_id', 'event'])
      .execute();
    const [idType, idDef] = idColumn(isPostgres(db));
    await db.schema
      .createTable('push_subscriptions')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('session_id', 'integer')
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('push_subscriptions_user_idx').ifNotExists().on('push_subscriptions').column('user_id').execute();
    await db.schema.createIndex('push_subscriptions_session_idx').ifNotExists().on('push_subscriptions').column('session_id').execute();
  },
};
