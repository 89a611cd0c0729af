import type { CatalogueI18nDto, LaboratoryI18nDto } from '@/shared/types/api';

interface Translatable {
  name: string;
  description?: string;
  preparation?: string;
  i18n?: CatalogueI18nDto;
}

const other = (language: string): 'ru' | 'pl' | undefined => (language === 'ru' || language === 'pl' ? language : undefined);

/**
 * The spec orders profiles by a Russian ordinal in their stored name ("Профиль 1. Basic check-up");
 * a reader of another language without a translated name reads the name without it ("Basic check-up").
 */
const RUSSIAN_ORDINAL = /^\s*Профиль\s*\d+\s*[.:]\s*/u;

/** A catalogue item's name in the user's language, English when it has none. */
export function localName(item: Translatable, language: string): string {
  const translated = language === 'ru' || language === 'pl' ? item.i18n?.[language]?.name : undefined;
  if (translated) return translated;
  return language === 'ru' ? item.name : item.name.replace(RUSSIAN_ORDINAL, '') || item.name;
}

/** A catalogue item's description in the user's language, English when it has none. */
export function localDescription(item: Translatable, language: string): string {
  return (language === 'ru' || language === 'pl' ? item.i18n?.[language]?.description : undefined) || (item.description ?? '');
}

/** A result's analysis name in the user's language. */
export function resultName(r: { analysisName: string; analysisI18n?: CatalogueI18nDto }, language: string): string {
  return localName({ name: r.analysisName, i18n: r.analysisI18n }, language);
}

/** An analysis's preparation text in the user's language, English when it has none. */
export function localPreparation(item: Pick<Translatable, 'preparation' | 'i18n'>, language: string): string {
  const lang = other(language);
  return (lang ? item.i18n?.[lang]?.preparation : undefined) || (item.preparation ?? '');
}

/** The preparation of an order (fasting and the notes of its analyses) in the user's language. */
export function localOrderPreparation<N extends Translatable & { preparation: string }>(prep: { fastingHours: number; notes: N[] }, language: string): { fastingHours: number; notes: (N & { name: string; preparation: string })[] } {
  return { fastingHours: prep.fastingHours, notes: prep.notes.map((n) => ({ ...n, name: localName(n, language), preparation: localPreparation(n, language) })) };
}

interface TranslatableLaboratory {
  cityName: string;
  address: string;
  i18n?: LaboratoryI18nDto;
}

/** A laboratory's city in the user's language, English when it has none. */
export function labCity(lab: Pick<TranslatableLaboratory, 'cityName' | 'i18n'>, language: string): string {
  const lang = other(language);
  return (lang ? lab.i18n?.[lang]?.cityName : undefined) || lab.cityName;
}

/** A laboratory's address in the user's language, English when it has none. */
export function labAddress(lab: Pick<TranslatableLaboratory, 'address' | 'i18n'>, language: string): string {
  const lang = other(language);
  return (lang ? lab.i18n?.[lang]?.address : undefined) || lab.address;
}

/** "City, address" of a laboratory in the user's language. */
export function labPlace(lab: TranslatableLaboratory, language: string): string {
  return `${labCity(lab, language)}, ${labAddress(lab, language)}`;
}
