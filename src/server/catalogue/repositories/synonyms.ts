import type { Db } from '@/server/db/createDb';

/** A word or phrase doctors write for a catalogue item, in one language. */
export interface SynonymRow {
  kind: 'analysis' | 'profile';
  item_id: number;
  language: string;
  term: string;
}

/** Every synonym of the catalogue (a few per item). */
export async function findAllSynonyms(db: Db): Promise<SynonymRow[]> {
  return db.selectFrom('catalogue_synonyms').select(['kind', 'item_id', 'language', 'term']).orderBy('kind').orderBy('item_id').orderBy('language').orderBy('term').execute();
}

/** Adds synonyms; those already there stay as they are. */
export async function insertSynonyms(db: Db, rows: SynonymRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db.insertInto('catalogue_synonyms').values(rows.slice(i, i + 200)).onConflict((oc) => oc.doNothing()).execute();
  }
}

/** Marks analyses (by code) sensitive: 'always', or 'minor' (for a patient under 18). */
export async function markSensitive(db: Db, codes: string[], kind: 'always' | 'minor'): Promise<void> {
  if (codes.length) await db.updateTable('analyses').set({ sensitive: kind }).where('code', 'in', codes).execute();
}
