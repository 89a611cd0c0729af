import fs from 'node:fs/promises';
import path from 'node:path';
import { Marked } from 'marked';

/**
 * The shop's own Markdown content (documents and the preparation article), one file per language:
 * `content/documents/<lang>/<slug>.md`, `content/articles/<lang>/<slug>.md`. The first `# ` heading
 * is the title, the first paragraph the summary; the rest is rendered to HTML on the server. The
 * Markdown is our own trusted content, so the HTML is shown as is.
 */
export const CONTENT_LANGUAGES = ['en', 'ru', 'pl'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

export const DOCUMENT_SLUGS = ['terms-of-service', 'privacy-policy', 'cookie-policy', 'home-visit-rules'] as const;
export type DocumentSlug = (typeof DOCUMENT_SLUGS)[number];

/** The article key of spec §2 and its page slug. */
export const ARTICLES = { gettingReadyForAnalyzes: 'getting-ready-for-analyses' } as const;
export type ArticleKey = keyof typeof ARTICLES;

export interface RenderedContent {
  title: string;
  summary: string;
  html: string;
}

export interface ContentSummary {
  slug: string;
  title: string;
  summary: string;
}

export const isDocumentSlug = (v: unknown): v is DocumentSlug => typeof v === 'string' && (DOCUMENT_SLUGS as readonly string[]).includes(v);

const markdown = new Marked({ gfm: true });

export function contentRoot(): string {
  return process.env.CONTENT_DIR || path.join(process.cwd(), 'content');
}

/** Splits the title off and renders the rest. */
export function renderMarkdown(source: string): RenderedContent {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  const titleMatch = /^#\s+(.+)$/m.exec(text);
  const title = titleMatch?.[1]?.trim() ?? '';
  const body = titleMatch ? text.replace(titleMatch[0], '').trim() : text.trim();
  const firstParagraph = body.split(/\n\s*\n/).find((block) => block.trim() && !/^[#>|\-*\d]/.test(block.trim())) ?? '';
  const summary = firstParagraph.replace(/[*_`[\]]/g, '').replace(/\(https?:[^)]*\)/g, '').replace(/\s+/g, ' ').trim();
  // A wide table scrolls sideways on a phone; keyboard users reach the scroll with Tab (WCAG 2.1.1).
  const html = markdown.parse(body, { async: false }).replace(/<table>/g, '<table tabindex="0">');
  return { title, summary, html };
}

async function readRendered(kind: 'documents' | 'articles', language: ContentLanguage, slug: string): Promise<RenderedContent | null> {
  try {
    const source = await fs.readFile(path.join(contentRoot(), kind, language, `${slug}.md`), 'utf8');
    return renderMarkdown(source);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** The content in every language (the page shows the user's; English stands in for a missing file). */
async function readAllLanguages(kind: 'documents' | 'articles', slug: string): Promise<Record<ContentLanguage, RenderedContent> | null> {
  const entries = await Promise.all(CONTENT_LANGUAGES.map(async (lang) => [lang, await readRendered(kind, lang, slug)] as const));
  const english = entries.find(([lang]) => lang === 'en')?.[1];
  if (!english) return null;
  return Object.fromEntries(entries.map(([lang, content]) => [lang, content ?? english])) as Record<ContentLanguage, RenderedContent>;
}

/** A document in every language, or null for an unknown slug. */
export async function getDocument(slug: string): Promise<Record<ContentLanguage, RenderedContent> | null> {
  if (!isDocumentSlug(slug)) return null;
  return readAllLanguages('documents', slug);
}

/** Titles and summaries of the documents, per language. */
export async function listDocuments(): Promise<Record<ContentLanguage, ContentSummary[]>> {
  const docs = await Promise.all(DOCUMENT_SLUGS.map(async (slug) => [slug, await getDocument(slug)] as const));
  const result = {} as Record<ContentLanguage, ContentSummary[]>;
  for (const lang of CONTENT_LANGUAGES) {
    result[lang] = docs.flatMap(([slug, doc]) => (doc ? [{ slug, title: doc[lang].title, summary: doc[lang].summary }] : []));
  }
  return result;
}

/** The article of a key in every language. */
export async function getArticle(key: ArticleKey): Promise<Record<ContentLanguage, RenderedContent> | null> {
  return readAllLanguages('articles', ARTICLES[key]);
}
