import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';
import { DEMO_ANALYSIS_TRANSLATIONS, DEMO_PROFILE_TRANSLATIONS, demoAnalysisDescription, type DemoTranslation } from './demo/translations';
import { DEMO_HEADER_TRANSLATIONS, DEMO_LABORATORY_TRANSLATIONS, DEMO_MATERIAL_TRANSLATIONS, demoPreparation, type DemoName } from './demo/translationsMore';
import { upsertLaboratoryTranslations, upsertTranslations, type TranslationKind, type TranslationRow } from '@/server/catalogue/repositories/translations';
import { indexAnalyses } from '@/server/catalogue/repositories/searchTerms';

type Q = Kysely<Database> | Transaction<Database>;

function rowsOf(kind: TranslationKind, id: number, t: DemoTranslation, text: { ru: string; pl: string } | undefined): TranslationRow[] {
  return [
    { kind, item_id: id, language: 'ru', name: t.ru, description: text?.ru ?? '', synonyms: t.also ?? '' },
    { kind, item_id: id, language: 'pl', name: t.pl, description: text?.pl ?? '', synonyms: t.also ?? '' },
  ];
}

const profileText = (t: DemoTranslation) => (t.ruText && t.plText ? { ru: t.ruText, pl: t.plText } : undefined);

/**
 * Writes the demo catalogue's Russian and Polish names and descriptions (by analysis and profile
 * code, for the demo items present) and indexes every analysis again for search in every language.
 * Idempotent: run by the seed of an empty database and by migration 0010_5_1 for a database seeded
 * before it.
 */
export async function writeDemoTranslations(db: Q): Promise<void> {
  const analyses = await db.selectFrom('analyses').select(['id', 'code', 'name', 'description']).execute();
  const profiles = await db.selectFrom('profiles').select(['id', 'code']).execute();
  const rows = [
    ...analyses.flatMap((a) => {
      const t = DEMO_ANALYSIS_TRANSLATIONS[a.code];
      return t ? rowsOf('analysis', a.id, t, demoAnalysisDescription(a.code, a.description)) : [];
    }),
    ...profiles.flatMap((p) => {
      const t = DEMO_PROFILE_TRANSLATIONS[p.code];
      return t ? rowsOf('profile', p.id, t, profileText(t)) : [];
    }),
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

/**
 * Writes the Russian and Polish descriptions of the demo analyses that had none (shown in English
 * before), where the analysis keeps the demo's English description and no text of that language was
 * written for it. Idempotent: run by migration 0014_5 for a database seeded before them (the seed
 * writes them with the names).
 */
export async function writeDemoAnalysisDescriptions(db: Q): Promise<void> {
  const analyses = await db.selectFrom('analyses').select(['id', 'code', 'description']).execute();
  for (const a of analyses) {
    const text = demoAnalysisDescription(a.code, a.description);
    if (!text) continue;
    for (const language of ['ru', 'pl'] as const) {
      await db
        .updateTable('catalogue_translations')
        .set({ description: text[language] })
        .where('kind', '=', 'analysis')
        .where('item_id', '=', a.id)
        .where('language', '=', language)
        .where('description', '=', '')
        .execute();
    }
  }
}
