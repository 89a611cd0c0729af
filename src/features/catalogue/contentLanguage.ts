/** Picks the user's language from content rendered in every language (English when missing). */
export function pickLanguage<T>(content: Record<'en' | 'ru' | 'pl', T>, language: string): T {
  const lang = language.slice(0, 2);
  return lang === 'ru' || lang === 'pl' ? content[lang] : content.en;
}
