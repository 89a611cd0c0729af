import { type Migration } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';

/** Promo codes per laboratory, their redemptions, and the code and discount of an order. */
export const migration: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema.alterTable('orders').addColumn('promo_code', 'text').execute();
    await db.schema.alterTable('orders').addColumn('discount_minor', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema
      .createTable('promo_codes')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('laboratory_id', 'text', (c) => c.references('laboratories.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull())
      .addColumn('min_order_minor', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('valid_from', 'text')
      .addColumn('valid_to', 'text')
      .addColumn('max_uses', 'integer')
      .addColumn('per_user_limit', 'integer')
      .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('promo_redemptions')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('promo_code_id', 'integer', (c) => c.notNull().references('promo_codes.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
      .addColumn('discount_minor', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('promo_redemptions_code_user_idx').ifNotExists().on('promo_redemptions').columns(['promo_code_id', 'user_id']).execute();
  },
};
