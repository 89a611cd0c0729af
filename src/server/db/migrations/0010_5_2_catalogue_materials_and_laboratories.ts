import { type Kysely, type Migration } from 'kysely';
import type { Db } from './helpers';
import type { Database } from '../schema';
import { writeDemoCatalogueExtras } from '../catalogueTranslations';

/**
 * The rest of the catalogue per language: analyses' preparation texts (a column of
 * catalogue_translations, whose kinds now include materials and headers), the laboratories' city
 * names and addresses (laboratory_translations); English in the catalogue tables stays the fallback.
 * Writes the demo catalogue's Russian and Polish of them.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .alterTable('catalogue_translations')
      .addColumn('preparation', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createTable('laboratory_translations')
      .ifNotExists()
      .addColumn('laboratory_id', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('city_name', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('laboratory_translations_pk', ['laboratory_id', 'language'])
      .execute();
    await writeDemoCatalogueExtras(db as unknown as Kysely<Database>);
  },
};
