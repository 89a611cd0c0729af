import crypto from 'node:crypto';
import { BoundedMemo } from '../boundedMemo';

/**
 * Rendered pages kept for the catalogue's minute.
 *
 * Server rendering is the largest part of a page's server time (React with MUI and Emotion: about
 * half of the CPU of a catalogue page under load, docs/benchmarks.md), while a catalogue page is the
 * same for every visitor who sends the same props: the server never renders personal data into a
 * page (the session lives in the browser's storage and the refresh cookie goes only to the refresh
 * route), and each page's data comes from getServerSideProps. So `_document` keeps the rendered body
 * (the HTML, the `next/head` elements and Emotion's style chunks) of public pages, keyed by
 * everything the render reads: the route, the path with its query, and the app's props (the page's
 * props, which carry the store's replayed actions, the language and the cookie choice).
 *
 * - A render is a function of that key, so a hit answers exactly what a fresh render would; the
 *   page's props still come from getServerSideProps on every request (its prices are the server's,
 *   read through the catalogue memo), only the render of the same props is skipped.
 * - Each entry lives at most `RENDER_CACHE_TTL_MS` (the catalogue's minute), so nothing a page
 *   derives from the clock can be older than that. `RENDER_CACHE_MAX_BYTES` bounds memory (least
 *   recently used evicted first).
 * - Only the pages listed in `PUBLIC_PAGES` are kept: the catalogue, the content pages and pages
 *   with no data of their own. Pages with a token in their address or results (`/shared/results`,
 *   `/reset-password`, `/confirm-email`) and the account, order and staff pages never are.
 * - The nonce of each answer is not part of the render: `_document` adds it to the kept HTML and
 *   style elements per request.
 * - Concurrent requests with the same key share one render.
 * - `RENDER_CACHE=off` turns it off (the bench measures both).
 */

export const RENDER_CACHE_TTL_MS = 60_000;
export const RENDER_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** Route patterns (Next's `pathname`) whose render may be kept: public, the same for every visitor with the same props. */
export const PUBLIC_PAGES: ReadonlySet<string> = new Set([
  '/',
  '/search',
  '/search/analysis/[analysisId]',
  '/profiles',
  '/profiles/[profileId]',
  '/categories/[categorySlug]',
  '/articles/getting-ready-for-analyses',
  '/documents',
  '/documents/[documentSlug]',
  '/support',
  '/login',
  '/register',
  '/order/cart',
]);

/** One of Emotion's style chunks of a render (what `extractCriticalToChunks` returns). */
export interface StyleChunk {
  key: string;
  ids: string[];
  css: string;
}

/** What a render of the page body produced, without the answer's nonce. */
export interface RenderedBody<Head = unknown> {
  html: string;
  head: Head;
  styles: StyleChunk[];
}

/** What makes two renders the same: route, path with query, and the app's props (page props, language, cookie choice). */
export function renderKey(route: string, asPath: string, appProps: Record<string, unknown>): string {
  return crypto.createHash('sha256').update(route).update('\n').update(asPath).update('\n').update(JSON.stringify(appProps)).digest('base64url');
}

/** Bytes a kept body holds (two per character); head elements are small (title, meta, link): a fixed allowance. */
function sizeOf(body: RenderedBody): number {
  let n = body.html.length;
  for (const s of body.styles) n += s.css.length + s.key.length;
  return 2 * n + 4096;
}

/** A render cache: kept bodies for `ttlMs`, within `maxBytes`. */
export function renderCache<Head>(maxBytes = RENDER_CACHE_MAX_BYTES, ttlMs = RENDER_CACHE_TTL_MS, now: () => number = Date.now): BoundedMemo<RenderedBody<Head>> {
  return new BoundedMemo<RenderedBody<Head>>(sizeOf, maxBytes, ttlMs, now);
}
