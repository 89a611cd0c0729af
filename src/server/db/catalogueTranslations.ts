import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';
import { DEMO_ANALYSIS_TRANSLATIONS, DEMO_PROFILE_TRANSLATIONS, type DemoTranslation } from './demo/translations';
import { DEMO_HEADER_TRANSLATIONS, DEMO_LABORATORY_TRANSLATIONS, DEMO_MATERIAL_TRANSLATIONS, demoPreparation, type DemoName } from './demo/translationsMore';
import { upsertLaboratoryTranslations, upsertTranslations, type TranslationKind, type TranslationRow } from '@/server/catalogue/repositories/translations';
import { indexAnalyses } from '@/server/catalogue/repositories/searchTerms';

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

const nameRows = (kind: TranslationKind, id: number, t: DemoName): TranslationRow[] => [
  { kind, item_id: id, language: 'ru', name: t.ru, description: '', synonyms: '' },
  { kind, item_id: id, language: 'pl', name: t.pl, description: '', synonyms: '' },
];

/**
 * Writes the Russian and Polish of the rest of the demo catalogue: material and header names, the
 * analyses' preparation texts (for analyses that have a translated name) and the laboratories' city
 * names and addresses. Idempotent: run by the seed after writeDemoTranslations and by migration
 * 0010_5_2 for a database seeded before it.
 */
export async function writeDemoCatalogueExtras(db: Q): Promise<void> {
  const [materials, headers, analyses, labs, named] = await Promise.all([
    db.selectFrom('materials').select(['id', 'name']).execute(),
    db.selectFrom('catalogue_headers').select(['id']).execute(),
    db.selectFrom('analyses').select(['id', 'preparation']).execute(),
    db.selectFrom('laboratories').select(['id']).execute(),
    db.selectFrom('catalogue_translations').select(['item_id', 'language', 'name', 'description', 'synonyms']).where('kind', '=', 'analysis').execute(),
  ]);
  await upsertTranslations(db, [
    ...materials.flatMap((m) => (DEMO_MATERIAL_TRANSLATIONS[m.name] ? nameRows('material', m.id, DEMO_MATERIAL_TRANSLATIONS[m.name] as DemoName) : [])),
    ...headers.flatMap((h) => (DEMO_HEADER_TRANSLATIONS[h.id] ? nameRows('header', h.id, DEMO_HEADER_TRANSLATIONS[h.id] as DemoName) : [])),
  ]);
  const preparationOf = new Map(analyses.map((a) => [a.id, demoPreparation(a.preparation)]));
  await upsertTranslations(
    db,
    named.flatMap((t) => {
      const text = preparationOf.get(t.item_id)?.[t.language as 'ru' | 'pl'];
      return text ? [{ kind: 'analysis' as const, ...t, preparation: text }] : [];
    }),
  );
  await upsertLaboratoryTranslations(
    db,
    labs.flatMap((l) => {
      const t = DEMO_LABORATORY_TRANSLATIONS[l.id];
      return t ? (['ru', 'pl'] as const).map((language) => ({ laboratory_id: l.id, language, city_name: t[language].cityName, address: t[language].address })) : [];
    }),
  );
}
