import { type Kysely, type Migration } from 'kysely';
import type { Db } from './helpers';
import type { Database } from '../schema';
import { writeDemoShorthand } from '../catalogueShorthand';

/**
 * The words and phrases doctors write for catalogue items, per language (`catalogue_synonyms`), and
 * the demo catalogue's shorthand for a database seeded before them (an empty database gets it from
 * the seed).
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('catalogue_synonyms')
      .ifNotExists()
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('term', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('catalogue_synonyms_pk', ['kind', 'item_id', 'language', 'term'])
      .execute();
    await writeDemoShorthand(db as unknown as Kysely<Database>);
  },
};
