import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export type TranslationKind = 'analysis' | 'profile';

export interface TranslationRow {
  kind: TranslationKind;
  item_id: number;
  language: string;
  name: string;
  description: string;
  synonyms: string;
}

/** Translations of the given items, every language. */
export async function findTranslations(db: Q, kind: TranslationKind, ids: number[]): Promise<TranslationRow[]> {
  const unique = [...new Set(ids)];
  const out: TranslationRow[] = [];
  for (let i = 0; i < unique.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('catalogue_translations')
        .select(['kind', 'item_id', 'language', 'name', 'description', 'synonyms'])
        .where('kind', '=', kind)
        .where('item_id', 'in', unique.slice(i, i + 500))
        .orderBy('item_id')
        .orderBy('language')
        .execute()),
    );
  }
  return out;
}

/** Writes (replaces) translations. */
export async function upsertTranslations(db: Q, rows: TranslationRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('catalogue_translations')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['kind', 'item_id', 'language']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), description: eb.ref('excluded.description'), synonyms: eb.ref('excluded.synonyms') })))
      .execute();
  }
}
