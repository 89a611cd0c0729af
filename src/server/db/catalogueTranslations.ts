import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';
import { DEMO_ANALYSIS_TRANSLATIONS, DEMO_PROFILE_TRANSLATIONS, type DemoTranslation } from './demo/translations';
import { upsertTranslations, type TranslationKind, type TranslationRow } from '../repositories/translations';
import { indexAnalyses } from '../repositories/searchTerms';

type Q = Kysely<Database> | Transaction<Database>;

function rowsOf(kind: TranslationKind, id: number, t: DemoTranslation): TranslationRow[] {
  return [
    { kind, item_id: id, language: 'ru', name: t.ru, description: t.ruText ?? '', synonyms: t.also ?? '' },
    { kind, item_id: id, language: 'pl', name: t.pl, description: t.plText ?? '', synonyms: t.also ?? '' },
  ];
}

/**
 * Writes the demo catalogue's Russian and Polish names (by analysis and profile code, for the demo
 * items present) and indexes every analysis again for search in every language. Idempotent: run by
 * the seed of an empty database and by migration 0010_5_1 for a database seeded before it.
 */
export async function writeDemoTranslations(db: Q): Promise<void> {
  const analyses = await db.selectFrom('analyses').select(['id', 'code', 'name']).execute();
  const profiles = await db.selectFrom('profiles').select(['id', 'code']).execute();
  const rows = [
    ...analyses.flatMap((a) => (DEMO_ANALYSIS_TRANSLATIONS[a.code] ? rowsOf('analysis', a.id, DEMO_ANALYSIS_TRANSLATIONS[a.code] as DemoTranslation) : [])),
    ...profiles.flatMap((p) => (DEMO_PROFILE_TRANSLATIONS[p.code] ? rowsOf('profile', p.id, DEMO_PROFILE_TRANSLATIONS[p.code] as DemoTranslation) : [])),
  ];
  await upsertTranslations(db, rows);
  await indexAnalyses(db, analyses);
}
