import type { Db } from '@/server/db/createDb';

export type TranslationKind = 'analysis' | 'profile' | 'material' | 'header';

export interface TranslationRow {
  kind: TranslationKind;
  item_id: number;
  language: string;
  name: string;
  description: string;
  synonyms: string;
  /** An analysis's preparation text (empty: the English one). */
  preparation?: string;
}

/** A laboratory's city name and address in one language. */
export interface LaboratoryTranslationRow {
  laboratory_id: string;
  language: string;
  city_name: string;
  address: string;
}

/** Translations of the given items, every language. */
export async function findTranslations(db: Db, kind: TranslationKind, ids: number[]): Promise<TranslationRow[]> {
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

/**
 * The translated preparation texts of analyses (non-empty ones), every language. Apart from
 * findTranslations, which the search index reads in migration 0010_5_1, before this column exists.
 */
export async function findPreparations(db: Db, ids: number[]): Promise<{ item_id: number; language: string; preparation: string }[]> {
  const unique = [...new Set(ids)];
  const out: { item_id: number; language: string; preparation: string }[] = [];
  for (let i = 0; i < unique.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('catalogue_translations')
        .select(['item_id', 'language', 'preparation'])
        .where('kind', '=', 'analysis')
        .where('item_id', 'in', unique.slice(i, i + 500))
        .where('preparation', '<>', '')
        .execute()),
    );
  }
  return out;
}

/** Writes (replaces) translations; the preparation text only where the rows carry it. */
export async function upsertTranslations(db: Db, rows: TranslationRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('catalogue_translations')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc.columns(['kind', 'item_id', 'language']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          description: eb.ref('excluded.description'),
          synonyms: eb.ref('excluded.synonyms'),
          ...(rows[0]?.preparation !== undefined ? { preparation: eb.ref('excluded.preparation') } : {}),
        })),
      )
      .execute();
  }
}

/** Writes (replaces) laboratories' city names and addresses. */
export async function upsertLaboratoryTranslations(db: Db, rows: LaboratoryTranslationRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('laboratory_translations')
    .values(rows)
    .onConflict((oc) => oc.columns(['laboratory_id', 'language']).doUpdateSet((eb) => ({ city_name: eb.ref('excluded.city_name'), address: eb.ref('excluded.address') })))
    .execute();
}
