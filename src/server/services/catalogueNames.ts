import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CatalogueI18nDto } from '@/lib/types/api';
import { findTranslations, type TranslationKind, type TranslationRow } from '../repositories/translations';

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
export async function namesI18n(db: Kysely<Database>, kind: TranslationKind, ids: number[]): Promise<Map<number, CatalogueI18nDto>> {
  const names = new Map<number, CatalogueI18nDto>();
  for (const [id, entry] of i18nByItem(await findTranslations(db, kind, ids))) {
    names.set(id, Object.fromEntries(Object.entries(entry).map(([lang, v]) => [lang, { name: v.name }])) as CatalogueI18nDto);
  }
  return names;
}
