import { type Kysely, type Migration } from 'kysely';
import type { Db } from './helpers';
import type { Database } from '../schema';
import { writeDemoTranslations } from '../catalogueTranslations';

/**
 * Catalogue names and texts per language (English in the catalogue tables stays the fallback), the
 * demo catalogue's Russian and Polish names, and the search index rebuilt with folded words
 * (lower case, no diacritics) in every language.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('catalogue_translations')
      .ifNotExists()
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('synonyms', 'text', (c) => c.notNull().defaultTo(''))
      .addPrimaryKeyConstraint('catalogue_translations_pk', ['kind', 'item_id', 'language'])
      .execute();
    await writeDemoTranslations(db as unknown as Kysely<Database>);
  },
};
