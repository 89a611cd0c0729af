import { type Kysely, type Migration } from 'kysely';
import type { Db } from './helpers';
import type { Database } from '../schema';
import { writeDemoAnalysisDescriptions } from '../catalogueTranslations';

/**
 * The Russian and Polish descriptions of the demo analyses that were shown in English (every
 * analysis's "about this test" paragraph), for a database seeded before them; an empty database gets
 * them from the seed. Data only; an analysis whose English description was changed is left alone.
 */
export const migration: Migration = {
  async up(db: Db) {
    await writeDemoAnalysisDescriptions(db as unknown as Kysely<Database>);
  },
};
