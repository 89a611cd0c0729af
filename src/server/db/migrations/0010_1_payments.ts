import { type Migration } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';

/**
 * Online payment (docs/payments.md): the order's payment method and state, one row per payment
 * attempt (a session at the operator), one row per refund.
 */
export const migration: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema.alterTable('orders').addColumn('payment_method', 'text', (c) => c.notNull().defaultTo('on_visit')).execute();
    await db.schema.alterTable('orders').addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('on_visit')).execute();
    await db.schema.alterTable('orders').addColumn('paid_minor', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('orders').addColumn('refunded_minor', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('orders').addColumn('paid_at', 'text').execute();
    await db.schema.alterTable('orders').addColumn('cancel_reason', 'text').execute();
    await db.schema
      .createTable('payment_attempts')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull().unique())
      .addColumn('amount_minor', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('created'))
      .addColumn('provider_token', 'text')
      .addColumn('provider_order_id', 'text')
      .addColumn('paid_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payment_attempts_order_idx').ifNotExists().on('payment_attempts').columns(['order_id', 'id']).execute();
    await db.schema
      .createTable('payment_refunds')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('attempt_id', 'integer', (c) => c.notNull().references('payment_attempts.id').onDelete('cascade'))
      .addColumn('request_id', 'text', (c) => c.notNull().unique())
      .addColumn('refunds_uuid', 'text', (c) => c.notNull().unique())
      .addColumn('amount_minor', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('actor_user_id', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('settled_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payment_refunds_order_idx').ifNotExists().on('payment_refunds').columns(['order_id']).execute();
  },
};
