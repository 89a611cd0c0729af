import type { Db } from '@/server/db/createDb';
import type { CatalogueI18nDto } from '@/shared/types/api';
import { findPreparations, findTranslations, type TranslationKind, type TranslationRow } from '@/server/catalogue/repositories/translations';

/** Translations as the wire shape: per item, per language, the name and (when translated) the text. */
export function i18nByItem(rows: TranslationRow[]): Map<number, CatalogueI18nDto> {
  const out = new Map<number, CatalogueI18nDto>();
  for (const t of rows) {
    if (t.language !== 'ru' && t.language !== 'pl') continue;
    const entry = out.get(t.item_id) ?? {};
    entry[t.language] = t.description ? { name: t.name, description: t.description } : { name: t.name };
    out.set(t.item_id, entry);
  }
  return out;
}

/** The names of catalogue items in ru and pl (for results, orders and the shared view), by id. */
export async function namesI18n(db: Db, kind: TranslationKind, ids: number[]): Promise<Map<number, CatalogueI18nDto>> {
  const names = new Map<number, CatalogueI18nDto>();
  for (const [id, entry] of i18nByItem(await findTranslations(db, kind, ids))) {
    names.set(id, Object.fromEntries(Object.entries(entry).map(([lang, v]) => [lang, { name: v.name }])) as CatalogueI18nDto);
  }
  return names;
}

/** Adds analyses' translated preparation texts to their entries (an analysis needs a translated name for them). */
export function addPreparations(i18n: Map<number, CatalogueI18nDto>, rows: { item_id: number; language: string; preparation: string }[]): void {
  for (const p of rows) {
    if (p.language !== 'ru' && p.language !== 'pl') continue;
    const entry = i18n.get(p.item_id)?.[p.language];
    if (entry) entry.preparation = p.preparation;
  }
}

/** `{ i18n }` of an item when it has translations, else nothing (to spread into a DTO). */
export function i18nOf(names: Map<number, CatalogueI18nDto>, id: number): { i18n?: CatalogueI18nDto } {
  const i18n = names.get(id);
  return i18n ? { i18n } : {};
}

/** The names of an order's analyses (with their preparation texts) and materials in ru and pl, by id. */
export async function orderNamesI18n(db: Db, analysisIds: number[], materialIds: number[]): Promise<{ analyses: Map<number, CatalogueI18nDto>; materials: Map<number, CatalogueI18nDto> }> {
  const [analyses, materials, preparations] = await Promise.all([namesI18n(db, 'analysis', analysisIds), namesI18n(db, 'material', materialIds), findPreparations(db, analysisIds)]);
  addPreparations(analyses, preparations);
  return { analyses, materials };
}
