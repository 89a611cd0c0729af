import fs from 'node:fs';
import path from 'node:path';
import { PUBLIC_PAGES, renderCache, renderKey, type RenderedBody } from './renderCache';

const body = (html: string): RenderedBody<string[]> => ({ html, head: ['<title>t</title>'], styles: [{ key: 'mui', ids: ['a1'], css: '.mui-a1{color:red}' }] });

describe('render cache', () => {
  it('renders once and answers the kept body for the same key until the minute is over', async () => {
    let now = 1_000;
    const cache = renderCache<string[]>(1024 * 1024, 60_000, () => now);
    let renders = 0;
    const render = async () => body(`<main>${++renders}</main>`);
    expect(await cache.get('k', render)).toEqual({ value: body('<main>1</main>'), from: 'miss' });
    now += 59_999;
    expect(await cache.get('k', render)).toEqual({ value: body('<main>1</main>'), from: 'hit' });
    now += 1;
    expect(await cache.get('k', render)).toEqual({ value: body('<main>2</main>'), from: 'miss' });
    expect(await cache.get('other', render)).toEqual({ value: body('<main>3</main>'), from: 'miss' });
    expect(renders).toBe(3);
  });

  it('lets concurrent requests for one key share one render', async () => {
    const cache = renderCache<string[]>();
    let renders = 0;
    let finish: () => void = () => {};
    const gate = new Promise<void>((r) => (finish = r));
    const render = async () => {
      renders++;
      await gate;
      return body('<main>once</main>');
    };
    const all = Promise.all([cache.get('k', render), cache.get('k', render), cache.get('k', render)]);
    finish();
    const answers = await all;
    expect(renders).toBe(1);
    expect(answers.map((a) => a.from)).toEqual(['miss', 'shared', 'shared']);
    expect(new Set(answers.map((a) => a.value.html))).toEqual(new Set(['<main>once</main>']));
  });

  it('keeps only what `keep` accepts and never a failed render', async () => {
    const cache = renderCache<string[]>();
    await cache.get('not-found', async () => body('404'), () => false);
    expect(cache.size).toBe(0);
    await expect(cache.get('broken', async () => Promise.reject(new Error('render failed')))).rejects.toThrow('render failed');
    expect(cache.size).toBe(0);
    expect((await cache.get('broken', async () => body('fixed'))).from).toBe('miss');
    expect(cache.size).toBe(1);
  });

  it('stays within its byte budget, dropping the least recently used first', async () => {
    const page = 'x'.repeat(10_000);
    const cache = renderCache<string[]>(100_000);
    for (const k of ['a', 'b', 'c', 'd']) await cache.get(k, async () => body(page));
    // a was used last, so b is the oldest when e arrives.
    expect((await cache.get('a', async () => body('new'))).from).toBe('hit');
    await cache.get('e', async () => body(page));
    expect(cache.storedBytes).toBeLessThanOrEqual(100_000);
    expect((await cache.get('a', async () => body('new'))).from).toBe('hit');
    expect((await cache.get('b', async () => body(page))).from).toBe('miss');
    // A body larger than the whole budget is answered but not kept.
    expect((await cache.get('huge', async () => body('y'.repeat(200_000)))).from).toBe('miss');
    expect((await cache.get('huge', async () => body('z'))).from).toBe('miss');
  });

  it('keys on the route, the path with its query and every app prop', () => {
    const props = { pageProps: { reduxWrapperActionsGSSP: [{ type: 'catalogue/x', payload: [{ id: 1, price: 10 }] }] }, lang: 'en', cookiesAccepted: false };
    const base = renderKey('/search', '/search?q=tsh', props);
    expect(renderKey('/search', '/search?q=tsh', structuredClone(props))).toBe(base);
    expect(renderKey('/search', '/search?q=gluc', props)).not.toBe(base);
    expect(renderKey('/profiles', '/search?q=tsh', props)).not.toBe(base);
    expect(renderKey('/search', '/search?q=tsh', { ...props, lang: 'ru' })).not.toBe(base);
    expect(renderKey('/search', '/search?q=tsh', { ...props, cookiesAccepted: true })).not.toBe(base);
    const otherPrice = { ...props, pageProps: { reduxWrapperActionsGSSP: [{ type: 'catalogue/x', payload: [{ id: 1, price: 11 }] }] } };
    expect(renderKey('/search', '/search?q=tsh', otherPrice)).not.toBe(base);
  });

  it('keeps public pages only: no page with a token, results, orders, an account or staff', () => {
    const pagesDir = path.join(__dirname, '..', '..', '..', 'pages');
    const routes = (fs.readdirSync(pagesDir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.tsx') && !path.basename(f).startsWith('_'))
      .map((f) => '/' + f.replace(/\\/g, '/').replace(/\.tsx$/, '').replace(/(^|\/)index$/, ''))
      .map((r) => (r === '/' ? r : r.replace(/\/$/, '')));
    // Every kept route is a page of the shop.
    for (const r of PUBLIC_PAGES) expect(routes).toContain(r);
    for (const r of routes) {
      if (/^\/(shared|test-results|orders|staff|patients|settings|reset-password|confirm-email|order\/(?!cart$))/.test(r)) expect(PUBLIC_PAGES.has(r)).toBe(false);
    }
  });

  it('is safe only because no server-rendered part loads lazily: every next/dynamic import is browser-only', () => {
    // A lazily loaded part rendered on the server reports its chunk to Next during that render, and
    // a kept render would not report it again. The shop loads such parts in the browser only.
    const root = path.join(__dirname, '..', '..', '..');
    const files = ['src', 'pages'].flatMap((d) => (fs.readdirSync(path.join(root, d), { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.')).map((f) => path.join(root, d, f)));
    const calls: string[] = [];
    for (const f of files) {
      const text = fs.readFileSync(f, 'utf8');
      for (const m of text.matchAll(/\bdynamic\(\s*\(\)\s*=>[^;]*?\)\s*;/gs)) calls.push(`${path.relative(root, f)}: ${m[0]}`);
    }
    expect(calls.length).toBeGreaterThan(5);
    for (const c of calls) expect(c).toMatch(/ssr:\s*false/);
  });
});
