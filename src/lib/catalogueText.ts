import type { CatalogueI18nDto } from './types/api';

interface Translatable {
  name: string;
  description?: string;
  i18n?: CatalogueI18nDto;
}

/** A catalogue item's name in the user's language, English when it has none. */
export function localName(item: Translatable, language: string): string {
  return (language === 'ru' || language === 'pl' ? item.i18n?.[language]?.name : undefined) || item.name;
}

/** A catalogue item's description in the user's language, English when it has none. */
export function localDescription(item: Translatable, language: string): string {
  return (language === 'ru' || language === 'pl' ? item.i18n?.[language]?.description : undefined) || (item.description ?? '');
}

/** A result's analysis name in the user's language. */
export function resultName(r: { analysisName: string; analysisI18n?: CatalogueI18nDto }, language: string): string {
  return localName({ name: r.analysisName, i18n: r.analysisI18n }, language);
}
