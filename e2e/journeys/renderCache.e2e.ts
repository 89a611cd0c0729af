import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { journey } from '../lib/journey';
import type { LaboratoryDto } from '@/shared/types/api';

/**
 * The render cache (src/server/ssr/renderCache.ts) answers a public page exactly as a render does,
 * with a nonce of its own per answer; it keeps a page per language, laboratory and cookie choice;
 * and it never keeps a page outside the public list. Then a visitor opens kept pages in the browser:
 * they hydrate with no warning and their scripts and styles pass the policy (the harness checks).
 */
const nonceOf = (html: string) => /<script[^>]* nonce="([^"]+)"/.exec(html)?.[1] ?? '';
const withoutNonce = (html: string) => {
  const n = nonceOf(html);
  return n ? html.split(n).join('{nonce}') : html;
};

export default journey('public pages answered from the render cache are the page as rendered, with a fresh nonce each time', { viewports: ['desktop'] }, async (ctx) => {
  const { page } = ctx;
  const labs = (await ctx.api('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
  const [first, second] = labs;
  assert.ok(first && second, 'two demo laboratories');
  // A query of its own keeps other journeys' visits out of this journey's keys.
  const run = crypto.randomBytes(4).toString('hex');
  const get = async (path: string, cookie: string) => {
    const res = await fetch(ctx.baseUrl + path, { headers: { cookie } });
    const html = await res.text();
    return { status: res.status, from: res.headers.get('x-render-cache'), csp: res.headers.get('content-security-policy') ?? '', html };
  };

  await ctx.step('a second request is answered from the cache with the same page and a new nonce', async () => {
    for (const path of [`/?v=${run}`, `/search?q=tsh&v=${run}`, `/categories/hormones?v=${run}`, `/login?v=${run}`, `/order/cart?v=${run}`]) {
      const cookie = `labShop.lab=${first.id}`;
      const a = await get(path, cookie);
      const b = await get(path, cookie);
      assert.equal(a.status, 200, path);
      assert.equal(a.from, 'miss', `${path}: first answer`);
      assert.equal(b.from, 'hit', `${path}: second answer`);
      assert.notEqual(nonceOf(a.html), nonceOf(b.html), `${path}: each answer has its own nonce`);
      assert.ok(nonceOf(b.html).length >= 16 && b.csp.includes(`'nonce-${nonceOf(b.html)}'`), `${path}: the policy names the page's nonce`);
      assert.ok(!b.html.includes(nonceOf(a.html)), `${path}: nothing of the first answer's nonce is left`);
      assert.equal(withoutNonce(b.html), withoutNonce(a.html), `${path}: the kept page is the rendered page`);
      assert.match(b.html, /<style data-emotion="mui [^"]+" nonce="/, `${path}: the styles carry the nonce`);
    }
  });

  await ctx.step('the language, the laboratory and the cookie choice each have their own page', async () => {
    const path = `/categories/hormones?v=${run}-variants`;
    const en = await get(path, `labShop.lab=${first.id}`);
    const ru = await get(path, `labShop.lab=${first.id}; lang=ru`);
    const otherLab = await get(path, `labShop.lab=${second.id}`);
    const accepted = await get(path, `labShop.lab=${first.id}; acceptCookie=true`);
    for (const [name, r] of Object.entries({ ru, otherLab, accepted })) assert.equal(r.from, 'miss', `${name} is rendered for itself`);
    assert.match(ru.html, /<html lang="ru"/);
    assert.notEqual(withoutNonce(ru.html), withoutNonce(en.html));
    assert.notEqual(withoutNonce(otherLab.html), withoutNonce(en.html));
    // The first visit's cookie banner is in the page until the visitor has chosen.
    assert.match(en.html, /role="region"[^>]*aria-label="Cookie/i);
    assert.doesNotMatch(accepted.html, /role="region"[^>]*aria-label="Cookie/i);
  });

  await ctx.step('pages outside the public list are rendered for every request', async () => {
    for (const path of [`/orders?v=${run}`, `/settings?v=${run}`, `/shared/results/not-a-token?v=${run}`, `/reset-password?token=abc&v=${run}`]) {
      const a = await get(path, `labShop.lab=${first.id}`);
      const b = await get(path, `labShop.lab=${first.id}`);
      assert.equal(a.from, null, `${path} has no render cache answer`);
      assert.equal(b.from, null, `${path} has no render cache answer`);
    }
    const missing = await get(`/categories/no-such-category?v=${run}`, `labShop.lab=${first.id}`);
    assert.equal(missing.status, 404);
  });

  await ctx.step('a visitor opens kept pages in the browser and they work', async () => {
    await ctx.prepare({ acceptCookies: true, laboratoryId: first.id });
    await page.goto('/categories/hormones');
    await page.goto('/categories/hormones');
    await page.getByRole('link', { name: /TSH|thyro/i }).first().waitFor();
    await page.goto('/');
    await page.goto('/');
    await page.getByRole('searchbox').first().fill('gluc');
    await page.getByRole('searchbox').first().press('Enter');
    await page.waitForURL(/\/search\?q=gluc/);
    await page.getByRole('link', { name: /glucose/i }).first().waitFor();
    ctx.expectNoConsoleErrors();
  });
});
