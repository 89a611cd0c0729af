/**
 * What a first visitor's browser downloads as JavaScript: each page loaded once in headless Debian
 * chromium (playwright-core) with an empty cache (a new browser context per page: no cache, no
 * cookies, no storage), on a phone-sized window, left alone for a fixed time (10 s) without any
 * interaction. Every script response of that time is counted, whoever asked for it: the page's
 * first-load chunks, what `_app` and the page import right after hydration (translations, sagas,
 * the API client, the laboratory selector...), and the pages `next/link` prefetches on sight.
 *
 * Bytes are the response bodies as transferred (gzip, as `next start` serves them; chromium asks
 * for gzip and the server compresses): the encoded body size the browser reports for each
 * response, without HTTP headers.
 */
import { chromium, type Browser, type Request } from 'playwright-core';

/** The launch the issue fixes, so the shop's and the floor's figures are made the same way. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** How long each page is left alone after navigation starts. */
export const WATCH_MS = 10_000;
/** A phone (as Lighthouse's mobile run and the weight review): short pages show their footer at once. */
const VIEWPORT = { width: 412, height: 823 };

export interface ScriptResponse {
  url: string;
  /** Encoded (gzip) body bytes as transferred. */
  bytes: number;
}

export interface ColdVisit {
  page: string;
  path: string;
  /** Sum of `scripts[].bytes`. */
  scriptBytes: number;
  scripts: ScriptResponse[];
}

function isScript(request: Request, contentType: string | undefined): boolean {
  if (request.resourceType() === 'script') return true;
  // A `<link rel="prefetch">` of a page's chunk is typed "other" by the browser: counted by what it is.
  if (/javascript|ecmascript/.test(contentType ?? '')) return true;
  return /\.m?js(\?|$)/.test(new URL(request.url()).pathname);
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}

/** One cold visit of `baseUrl + path`: every script byte in the first `watchMs`. */
export async function coldVisit(browser: Browser, baseUrl: string, page: string, pathname: string, watchMs = WATCH_MS): Promise<ColdVisit> {
  const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true });
  const tab = await context.newPage();
  const pending: Promise<ScriptResponse | null>[] = [];
  tab.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        const contentType = response ? await response.headerValue('content-type') : undefined;
        if (!isScript(request, contentType ?? undefined)) return null;
        const sizes = await request.sizes();
        // A response served from the memory cache (a prefetched chunk the page then asks for) moved no bytes.
        return { url: request.url(), bytes: Math.max(0, sizes.responseBodySize) };
      })().catch(() => null),
    );
  });
  const started = Date.now();
  try {
    const res = await tab.goto(baseUrl + pathname, { waitUntil: 'load', timeout: watchMs * 3 });
    if (!res || res.status() !== 200) throw new Error(`${pathname} answered ${res?.status() ?? 'nothing'}`);
    const left = watchMs - (Date.now() - started);
    if (left > 0) await tab.waitForTimeout(left);
    const scripts = (await Promise.all(pending)).filter((s): s is ScriptResponse => s !== null);
    return { page, path: pathname, scripts, scriptBytes: scripts.reduce((n, s) => n + s.bytes, 0) };
  } finally {
    await context.close();
  }
}

/** Cold visits of several pages, one after another, each in a fresh context. */
export async function coldVisits(baseUrl: string, pages: Record<string, string>, watchMs = WATCH_MS): Promise<ColdVisit[]> {
  const browser = await launchChromium();
  try {
    const out: ColdVisit[] = [];
    for (const [page, pathname] of Object.entries(pages)) out.push(await coldVisit(browser, baseUrl, page, pathname, watchMs));
    return out;
  } finally {
    await browser.close();
  }
}
