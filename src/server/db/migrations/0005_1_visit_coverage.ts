import { type Kysely, type Migration } from 'kysely';
import { isPostgres, idColumn } from './helpers';
import type { Db } from './helpers';
import { applyDemoZones } from '../demo/zones';
import type { Database } from '../schema';

/**
 * Home-visit coverage: the postal code of the order address and the zones (postal-code prefixes with
 * a visit fee) of each laboratory. Existing orders keep an empty postal code; existing demo
 * laboratories get their demo zones.
 */
export const migration: Migration = {
  async up(db: Db) {
    const pg = isPostgres(db);
    const [idType, idDef] = idColumn(pg);
    await db.schema.alterTable('orders').addColumn('address_postal_code', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema
      .createTable('laboratory_zones')
      .ifNotExists()
      .addColumn('id', idType, idDef)
      .addColumn('laboratory_id', 'text', (c) => c.notNull().references('laboratories.id').onDelete('cascade'))
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('visit_fee_minor', 'integer', (c) => c.notNull())
      .addUniqueConstraint('laboratory_zones_lab_prefix_uq', ['laboratory_id', 'country', 'prefix'])
      .execute();
    await db.schema.createIndex('laboratory_zones_country_idx').ifNotExists().on('laboratory_zones').columns(['country', 'prefix']).execute();
    await applyDemoZones(db as unknown as Kysely<Database>);
  },
};
