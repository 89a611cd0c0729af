/** Picks the user's language from content rendered in every language (English when missing). */
export function pickLanguage<T>(content: Record<'en' | 'ru' | 'pl', T>, language: string): T {
  const lang = language.slice(0, 2);
  return lang === 'ru' || lang === 'pl' ? content[lang] : content.en;
}

/** A document or article as the server renders it from Markdown (services/content's RenderedContent). */
interface RenderedContent {
  title: string;
  summary: string;
  html: string;
}

/** A content page's props: its canonical URL and its text in every language. */
export interface ContentPageProps {
  canonicalUrl: string;
  content: Record<'en' | 'ru' | 'pl', RenderedContent>;
}
