import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTENT_LANGUAGES, DOCUMENT_SLUGS, getArticle, getDocument, listDocuments, renderMarkdown } from './content';

describe('content', () => {
  afterEach(() => {
    delete process.env.CONTENT_DIR;
  });

  it('splits the title and summary off the Markdown and renders the rest', () => {
    const r = renderMarkdown('# Title here\n\nFirst **paragraph** text.\n\n## Part\n\n- a\n- b\n');
    expect(r.title).toBe('Title here');
    expect(r.summary).toBe('First paragraph text.');
    expect(r.html).toContain('<h2>Part</h2>');
    expect(r.html).toContain('<li>a</li>');
    expect(r.html).not.toContain('<h1>');
  });

  it('lets the keyboard reach a table that scrolls sideways', () => {
    const r = renderMarkdown('# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(r.html).toContain('<table tabindex="0">');
  });

  it('has every document in every language, with a title and a body', async () => {
    for (const slug of DOCUMENT_SLUGS) {
      const doc = await getDocument(slug);
      expect(doc).not.toBeNull();
      for (const lang of CONTENT_LANGUAGES) {
        const file = path.join(process.cwd(), 'content', 'documents', lang, `${slug}.md`);
        expect(fs.existsSync(file)).toBe(true);
        expect(doc?.[lang].title.length).toBeGreaterThan(3);
        expect(doc?.[lang].html.length).toBeGreaterThan(500);
      }
      // The translations are not copies of the English text.
      expect(doc?.ru.title).not.toBe(doc?.en.title);
      expect(doc?.pl.title).not.toBe(doc?.en.title);
    }
  });

  it('states the GDPR Art. 9 basis and the retention periods in the privacy policy', async () => {
    const doc = await getDocument('privacy-policy');
    expect(doc?.en.html).toMatch(/Art\. 9\(2\)\(h\)/);
    expect(doc?.en.html).toMatch(/Art\. 9\(2\)\(a\)/);
    expect(doc?.en.html).toMatch(/20 years/);
    expect(doc?.ru.html).toMatch(/ст\. 9\(2\)\(h\)/);
    expect(doc?.pl.html).toMatch(/art\. 9 ust\. 2 lit\. h/);
  });

  it('answers null for an unknown document slug, including path tricks', async () => {
    expect(await getDocument('unknown')).toBeNull();
    expect(await getDocument('../articles/en/getting-ready-for-analyses')).toBeNull();
  });

  it('lists the documents per language', async () => {
    const list = await listDocuments();
    expect(list.en.map((d) => d.slug)).toEqual([...DOCUMENT_SLUGS]);
    expect(list.ru[1]?.title).toBe('Политика конфиденциальности');
    expect(list.pl[0]?.summary.length).toBeGreaterThan(20);
  });

  it('has the preparation article with fasting, time of day, medication and water in every language', async () => {
    const article = await getArticle('gettingReadyForAnalyzes');
    expect(article?.en.html).toMatch(/8–12 hours/);
    expect(article?.en.html).toMatch(/7 and 10 am/);
    expect(article?.en.html).toMatch(/medication/i);
    expect(article?.en.html).toMatch(/water/i);
    expect(article?.ru.title).toBe('Как подготовиться к анализам');
    expect(article?.pl.title).toBe('Jak przygotować się do badań');
  });

  it('falls back to English when a translation file is missing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-'));
    fs.mkdirSync(path.join(dir, 'documents', 'en'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'documents', 'en', 'cookie-policy.md'), '# Cookies\n\nOnly English.\n');
    process.env.CONTENT_DIR = dir;
    const doc = await getDocument('cookie-policy');
    expect(doc?.pl.title).toBe('Cookies');
    expect(await getDocument('privacy-policy')).toBeNull();
  });
});
