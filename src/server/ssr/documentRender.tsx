import type { ServerResponse } from 'node:http';
import type { ComponentType, ReactElement } from 'react';
import type { AppProps } from 'next/app';
import createEmotionServer from '@emotion/server/create-instance';
import { createEmotionCache } from '@mui/material-nextjs/v16-pagesRouter';
import { pageLanguage } from './pageLanguage';
import { getConfig } from '../config';
import { newNonce, nonceReactScripts, setPageSecurityHeaders } from '../http/securityHeaders';
import type { BoundedMemo } from '../boundedMemo';
import { PUBLIC_PAGES, renderCache, renderKey, type RenderedBody, type StyleChunk } from './renderCache';

/**
 * The body of a page for `_document`: rendered with an Emotion cache of its own (its styles become
 * style elements in the head, as `@mui/material-nextjs` does), or, for a public page, taken from the
 * render cache when the same props were rendered within the minute (src/server/ssr/renderCache.ts).
 */

type EnhanceApp = (App: ComponentType<AppProps>) => ComponentType<AppProps>;

/** What `_document` receives from Next: the request and the page's render. */
interface DocumentRenderContext {
  pathname: string;
  asPath?: string;
  err?: unknown;
  req?: { method?: string; headers: { cookie?: string } };
  res?: Pick<ServerResponse, 'statusCode' | 'setHeader'>;
  renderPage(options: { enhanceApp: EnhanceApp }): Promise<{ html: string; head?: ReactElement[] }>;
}

type Body = RenderedBody<ReactElement[] | undefined>;

const holder = globalThis as unknown as { __labShopRenderCache?: BoundedMemo<Body> };

/** The process's render cache (one per process, also across Next's module instances). */
function processRenderCache(): BoundedMemo<Body> {
  holder.__labShopRenderCache ??= renderCache<ReactElement[] | undefined>();
  return holder.__labShopRenderCache;
}

async function renderWithEmotion(ctx: DocumentRenderContext): Promise<Body> {
  const cache = createEmotionCache({ key: 'mui' });
  const { extractCriticalToChunks } = createEmotionServer(cache);
  const { html, head } = await ctx.renderPage({
    enhanceApp: (App) =>
      function EnhanceApp(props: AppProps) {
        return <App {...props} {...({ emotionCache: cache } as object)} />;
      },
  });
  const { styles } = extractCriticalToChunks(html);
  return { html, head, styles: styles.filter((s) => s.css.trim() !== '') };
}

/**
 * The app's props of this request, without rendering the app: Next renders what `enhanceApp`
 * returns with them, here a component that keeps them and renders nothing.
 */
async function appPropsOf(ctx: DocumentRenderContext): Promise<Record<string, unknown>> {
  let captured: Record<string, unknown> = {};
  await ctx.renderPage({
    enhanceApp: () =>
      function KeepProps(props: AppProps) {
        captured = props as unknown as Record<string, unknown>;
        return null;
      },
  });
  // Component is the route's page and router carries the path: both are in the key already.
  const { Component: _page, router: _router, ...rest } = captured;
  return rest;
}

function cacheable(ctx: DocumentRenderContext): boolean {
  if (process.env.NODE_ENV !== 'production' || !getConfig().renderCache) return false;
  const method = ctx.req?.method ?? 'GET';
  return !ctx.err && !!ctx.res && (method === 'GET' || method === 'HEAD') && PUBLIC_PAGES.has(ctx.pathname);
}

/** Says where a public page's body came from: `hit` (kept), `miss` (rendered now) or `shared` (another request's render of the same key). */
export const RENDER_CACHE_HEADER = 'X-Render-Cache';

async function renderBody(ctx: DocumentRenderContext): Promise<Body> {
  if (!cacheable(ctx)) return renderWithEmotion(ctx);
  const key = renderKey(ctx.pathname, ctx.asPath ?? '', await appPropsOf(ctx));
  const { value: body, from } = await processRenderCache().get(
    key,
    () => renderWithEmotion(ctx),
    () => ctx.res?.statusCode === 200,
  );
  ctx.res?.setHeader(RENDER_CACHE_HEADER, from);
  return body;
}

/** Emotion's chunks as style elements with this answer's nonce (as `@mui/material-nextjs` writes them). */
function styleElements(styles: StyleChunk[], nonce: string | undefined): ReactElement[] {
  return styles.map((style) => {
    // A layer order rule is prefixed with the cache key so that Emotion hydrates the element.
    const layerOrder = style.css.startsWith('@layer') && !/\{.*\}/.test(style.css);
    const ids = `${style.key} ${style.ids.join(' ')}`;
    return <style key={ids} data-emotion={`${layerOrder ? 'mui ' : ''}${ids}`} nonce={nonce} dangerouslySetInnerHTML={{ __html: style.css }} />;
  });
}

/**
 * `_document`'s initial props. Every page is rendered per request (the app has getInitialProps): a
 * fresh nonce goes into the Content-Security-Policy header, Next's scripts and Emotion's style
 * elements. The body of a public page may come from the render cache; the nonce never does.
 */
export async function documentInitialProps(ctx: DocumentRenderContext) {
  const nonce = ctx.res ? newNonce() : undefined;
  if (ctx.res && nonce) setPageSecurityHeaders(ctx.res, nonce);
  const body = await renderBody(ctx);
  const lang = pageLanguage(ctx.req);
  return {
    html: nonce ? nonceReactScripts(body.html, nonce) : body.html,
    head: body.head,
    styles: [],
    emotionStyleTags: styleElements(body.styles, nonce),
    lang,
    nonce,
  };
}
