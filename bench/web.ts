/**
 * The shop against the floor app (../shared/perf-floor), measured in one run on one machine:
 * autocannon req/s and latency of the server-rendered pages and JSON routes, first-load JavaScript
 * and `__NEXT_DATA__` bytes, Lighthouse mobile scores, growth with 10x and 100x catalogues, and the
 * server's memory over 20,000 requests. Absolute figures drift on shared machines; ratios hold.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDb } from '../src/server/db/createDb';
import { LAB_COOKIE } from '@/shared/storage';
import { seedDemo } from '../src/server/db/seed';
import { firstLoadJs, nextDataBytes } from './lib/bundle';
import { enlarge } from './lib/catalogue';
import { lighthouseMedian, quietCpuBefore, type LighthouseScores } from './lib/lighthouse';
import { load, warm, type LoadResult } from './lib/load';
import { median } from './lib/stats';
import { coldVisits } from '../scripts/lib/coldVisit';
import { coldVisitPages, DEMO_LAB, DEMO_SEARCH_TERM, demoPages } from '../scripts/lib/demoPages';
import { ROOT, buildShop, prepareFloor, rssOf, startNext, type Server } from './lib/servers';

export interface WebOptions {
  quick: boolean;
  build: boolean;
  lighthouse: boolean;
  growth: boolean;
  /** The pages again on a server with RENDER_CACHE=off (every request renders). */
  cacheOff: boolean;
  /** RSS over 20,000 requests of the catalogue mix. */
  memory: boolean;
}

const LAB = DEMO_LAB;
const SEARCH_TERM = DEMO_SEARCH_TERM;

export interface Figure {
  /** Stable key (before figures are matched by it). */
  key: string;
  label: string;
  shop: number | null;
  floor: number | null;
  /** The same figure of the floor app with its 50 cards rendered (bench/lib/servers.ts, FloorVariant). */
  floorCards?: number | null;
  unit: 'req/s' | 'rows/s' | 'ms' | 'kB' | 'score' | 'MB' | '%';
  target?: string;
}

const kB = (bytes: number) => Math.round(bytes / 102.4) / 10;

const API = {
  search: `/api/backend/labService/search?searchNameTerm=${SEARCH_TERM}&laboratoryId=${LAB}`,
  labService: `/api/backend/labService?laboratoryId=${LAB}`,
  cart: `/api/cart/get-cart?laboratoryId=${LAB}`,
};

/** A cookie that makes the server render prices of the bench laboratory (what a returning visitor has). */
const LAB_HEADERS = { cookie: `${LAB_COOKIE}=${LAB}` };
/** Requests of the memory mix sent before the server's RSS is first read. */
const WARM_UP_REQUESTS = 3_000;

/**
 * One load figure. It starts once the machine's CPU has been idle for a second (as each Lighthouse
 * run does): on the shared machines another job, or the builds just before, otherwise slows whichever
 * server happens to be measured then, the floor and the shop alike.
 */
async function measure(url: string, seconds: number, connections = 20, headers?: Record<string, string>): Promise<LoadResult> {
  await quietCpuBefore(`the load of ${url}`);
  await warm(url, headers);
  const r = await load(url, { connections, seconds, headers });
  if (r.errors || r.non2xx) console.warn(`  ${url}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
  console.log(`  ${url} @${connections}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
  return r;
}

/** How many analyses a category page lists: its rows (RowList's links) in the server HTML. */
async function categoryRows(url: string): Promise<number> {
  const html = await (await fetch(url, { headers: LAB_HEADERS })).text();
  return html.match(/class="row-link[" ]/g)?.length ?? 0;
}

/** A temporary SQLite catalogue: the demo seed, enlarged `copies` times for growth runs. */
async function benchDatabase(dir: string, copies: number): Promise<string> {
  const file = path.join(dir, `catalogue-${copies}x.sqlite`);
  const handle = await openDb({ kind: 'sqlite', file });
  try {
    await migrate(handle.db);
    await seedDemo(handle.db);
    if (copies > 1) {
      console.log(`Building a ${copies}x catalogue ...`);
      await enlarge(handle.db, copies);
    }
  } finally {
    await handle.destroy();
  }
  return file;
}

export interface WebResult {
  figures: Figure[];
  pageJs: { page: string; shop: number }[];
  floorJs: number;
  notes: string[];
}

/** Where the measured shop lives: this checkout, or BENCH_SHOP_DIR (an older commit checked out and built elsewhere). */
const SHOP_DIR = process.env.BENCH_SHOP_DIR ? path.resolve(process.env.BENCH_SHOP_DIR) : ROOT;

export async function webBench(opts: WebOptions): Promise<WebResult> {
  const seconds = opts.quick ? 4 : 10;
  const lhRuns = opts.quick ? 1 : 3;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-shop-bench-web-'));
  const logDir = path.join(tmp, 'logs');
  fs.mkdirSync(logDir);
  const distDir = process.env.BENCH_DIST_DIR || '.next-bench';
  if (SHOP_DIR === ROOT && (opts.build || !fs.existsSync(path.join(ROOT, distDir, 'BUILD_ID')))) buildShop(distDir, logDir);
  const floorDir = prepareFloor(logDir);
  const figures: Figure[] = [];
  const notes: string[] = [];
  const servers: Server[] = [];
  const shopEnv = (db: string) => ({ NEXT_DIST_DIR: distDir, DATABASE_URL: `file:${db}`, SEED_DEMO: 'true', OUTBOX_DIR: path.join(tmp, 'outbox'), MAIL_OUTBOX: 'true', RATE_LIMITS: 'off' });
  try {
    // The shop migrates and seeds its own demo database (so an older build, BENCH_SHOP_DIR, works too).
    const demoDb = path.join(tmp, 'demo.sqlite');
    const floor = await startNext(floorDir, {}, '/api/list', path.join(logDir, 'floor.log'));
    servers.push(floor);
    const floorCards = await startNext(prepareFloor(logDir, 'cards'), {}, '/api/list', path.join(logDir, 'floor-cards.log'));
    servers.push(floorCards);
    const cardsHtml = await (await fetch(`${floorCards.url}/`)).text();
    if (!cardsHtml.includes('Analysis number 50')) throw new Error('The floor app with cards rendered does not show its cards');
    const shopServer = await startNext(SHOP_DIR, shopEnv(demoDb), '/api/health', path.join(logDir, 'shop.log'));
    servers.push(shopServer);
    const shop = shopServer.url;
    const pages = await demoPages(shop);

    // The same shop with every page rendered per request (RENDER_CACHE=off), on the same database.
    const coldServer = opts.cacheOff ? await startNext(SHOP_DIR, { ...shopEnv(demoDb), RENDER_CACHE: 'off' }, '/api/health', path.join(logDir, 'shop-render-cache-off.log')) : null;
    if (coldServer) servers.push(coldServer);

    console.log('Load (autocannon) ...');
    // The machine's speed drifts within a run (docs/benchmarks.md), so each shop figure is paired with
    // a floor measurement taken just before it, and its ratio is to that floor figure.
    const floorPaired = (connections = 20) => measure(`${floor.url}/`, seconds, connections);
    const floorApiPaired = () => measure(`${floor.url}/api/list`, seconds);
    const cardsPage = await measure(`${floorCards.url}/`, seconds);
    const cardsPage1 = await measure(`${floorCards.url}/`, seconds, 1);
    for (const name of ['analysis', 'home', 'search', 'profile', 'category', 'profiles'] as const) {
      const f = await floorPaired();
      const r = await measure(shop + pages[name], seconds, 20, LAB_HEADERS);
      figures.push({ key: `ssr.${name}.rps`, label: `SSR ${pages[name]}, req/s at 20 connections`, shop: r.rps, floor: f.rps, floorCards: cardsPage.rps, unit: 'req/s', target: '>= 0.5x floor' });
      figures.push({ key: `ssr.${name}.p99`, label: `SSR ${pages[name]}, p99 at 20 connections`, shop: r.p99, floor: f.p99, floorCards: cardsPage.p99, unit: 'ms', target: '< 100 ms' });
    }
    const floorPage1 = await floorPaired(1);
    const home1 = await measure(shop + pages.home, seconds, 1, LAB_HEADERS);
    figures.push({ key: 'ssr.home.p50.1c', label: 'home SSR p50 at 1 connection', shop: home1.p50, floor: floorPage1.p50, floorCards: cardsPage1.p50, unit: 'ms' });
    for (const name of ['cart', 'login'] as const) {
      const f = await floorPaired();
      const r = await measure(shop + pages[name], seconds);
      figures.push({ key: `ssr.${name}.rps`, label: `SSR ${pages[name]} (no data), req/s at 20 connections`, shop: r.rps, floor: f.rps, floorCards: cardsPage.rps, unit: 'req/s', target: '>= 0.8x floor' });
      const f1 = await floorPaired(1);
      const one = await measure(shop + pages[name], seconds, 1);
      figures.push({ key: `ssr.${name}.p50.1c`, label: `SSR ${pages[name]} (no data), p50 at 1 connection`, shop: one.p50, floor: f1.p50, floorCards: cardsPage1.p50, unit: 'ms' });
    }
    // Every page rendered for its request: what a page costs when its props were not rendered within the minute.
    if (coldServer) for (const name of ['analysis', 'home', 'search', 'profile', 'category', 'profiles', 'cart', 'login'] as const) {
      const f = await floorPaired();
      const r = await measure(coldServer.url + pages[name], seconds, 20, LAB_HEADERS);
      figures.push({ key: `ssr.cold.${name}.rps`, label: `SSR ${pages[name]} with the render cache off, req/s at 20 connections`, shop: r.rps, floor: f.rps, floorCards: cardsPage.rps, unit: 'req/s' });
      figures.push({ key: `ssr.cold.${name}.p99`, label: `SSR ${pages[name]} with the render cache off, p99 at 20 connections`, shop: r.p99, floor: f.p99, floorCards: cardsPage.p99, unit: 'ms' });
    }
    if (coldServer) await coldServer.stop();
    for (const [name, route] of Object.entries(API)) {
      const f = await floorApiPaired();
      const r = await measure(shop + route, seconds);
      figures.push({ key: `api.${name}.rps`, label: `GET ${route.replace('/api/', '')}, req/s at 20 connections (floor: /api/list)`, shop: r.rps, floor: f.rps, unit: 'req/s', target: '>= 0.5x floor' });
      figures.push({ key: `api.${name}.p99`, label: `GET ${route.replace('/api/', '')}, p99 at 20 connections`, shop: r.p99, floor: f.p99, unit: 'ms', target: '< 50 ms' });
    }

    console.log('Bytes ...');
    const shopJs = firstLoadJs(path.join(SHOP_DIR, distDir));
    const floorJsPages = firstLoadJs(path.join(floorDir, '.next'));
    const floorJs = floorJsPages.find((p) => p.page === '/')?.gzip ?? 0;
    const maxJs = shopJs.reduce((m, p) => (p.gzip > m.gzip ? p : m), shopJs[0] ?? { page: '', gzip: 0, raw: 0, files: 0 });
    const homeJs = shopJs.find((p) => p.page === '/')?.gzip ?? 0;
    figures.push({ key: 'js.home', label: 'first-load JS of home (gzip, from the build manifest)', shop: kB(homeJs), floor: kB(floorJs), unit: 'kB', target: '<= 1.25x floor' });
    figures.push({ key: 'js.max', label: `largest first-load JS of any page (${maxJs.page})`, shop: kB(maxJs.gzip), floor: kB(floorJs), unit: 'kB', target: '<= 1.25x floor' });
    const floorData = nextDataBytes(await (await fetch(`${floor.url}/`)).text());
    const cardsData = nextDataBytes(cardsHtml);
    for (const name of ['home', 'search', 'category', 'profiles', 'analysis', 'profile'] as const) {
      const html = await (await fetch(shop + pages[name], { headers: LAB_HEADERS })).text();
      figures.push({ key: `data.${name}`, label: `\`__NEXT_DATA__\` of ${pages[name]}`, shop: kB(nextDataBytes(html)), floor: kB(floorData), floorCards: kB(cardsData), unit: 'kB', target: '<= 16 kB' });
    }

    // What a first visitor's browser downloads as script in 10 s (scripts/lib/coldVisit.ts, as `check:budgets`):
    // a new context per page (empty cache, no cookie), the floor's home measured the same way in the same run.
    console.log('Cold visits (every script byte in 10 s, headless chromium) ...');
    const [floorVisit] = await coldVisits(floor.url, { floor: '/' });
    for (const visit of await coldVisits(shop, coldVisitPages(pages))) {
      console.log(`  ${visit.path}: ${kB(visit.scriptBytes)} kB in ${visit.scripts.length} scripts (floor ${kB(floorVisit?.scriptBytes ?? 0)} kB)`);
      figures.push({ key: `cold.${visit.page}`, label: `JavaScript of a cold visit of ${visit.path} (every script byte in 10 s, gzip)`, shop: kB(visit.scriptBytes), floor: floorVisit ? kB(floorVisit.scriptBytes) : null, unit: 'kB', target: '<= 1.25x floor' });
    }

    if (opts.lighthouse) {
      console.log(`Lighthouse mobile, median of ${lhRuns} ...`);
      const floorLh = await lighthouseMedian(`${floor.url}/`, lhRuns);
      const cardsLh = await lighthouseMedian(`${floorCards.url}/`, lhRuns);
      console.log(`  floor: ${JSON.stringify(floorLh)}`);
      console.log(`  floor, cards rendered: ${JSON.stringify(cardsLh)}`);
      const scored: [string, LighthouseScores][] = [];
      for (const name of ['home', 'search', 'analysis', 'profile', 'category', 'cart'] as const) {
        const lh = await lighthouseMedian(shop + pages[name], lhRuns);
        console.log(`  ${pages[name]}: ${JSON.stringify(lh)}`);
        scored.push([name, lh]);
        figures.push({ key: `lh.${name}.performance`, label: `Lighthouse mobile performance, ${pages[name]}`, shop: lh.performance, floor: floorLh.performance, floorCards: cardsLh.performance, unit: 'score', target: '>= 95' });
      }
      for (const [cat, key] of [
        ['accessibility', 'accessibility'],
        ['best practices', 'bestPractices'],
        ['SEO', 'seo'],
      ] as const) {
        figures.push({ key: `lh.min.${key}`, label: `Lighthouse ${cat}, lowest of the six pages`, shop: Math.min(...scored.map(([, s]) => s[key])), floor: floorLh[key], floorCards: cardsLh[key], unit: 'score', target: key === 'accessibility' ? '>= 98' : '100' });
      }
      const homeLh = scored.find(([n]) => n === 'home')?.[1];
      if (homeLh) figures.push({ key: 'js.home.transferred', label: 'JavaScript transferred on a cold load of home (Lighthouse)', shop: kB(homeLh.scriptBytes), floor: kB(floorLh.scriptBytes), floorCards: kB(cardsLh.scriptBytes), unit: 'kB' });
    }

    const total = opts.quick ? 5_000 : 20_000;
    if (opts.memory) {
      console.log(`Memory over ${total.toLocaleString('en-US')} requests ...`);
      const mix = [pages.home, pages.analysis, pages.search, pages.category, API.search, API.cart].map((p) => shop + p);
      // Warm-up with the same mix first: the server sat idle through Lighthouse, and V8 shrinks an idle
      // heap, so the first thousands of requests after it regrow the heap to its working size (the live
      // heap stays ~65 MB; a heap snapshot comparison found no growth). The figure is growth after that.
      for (const url of mix) await load(url, { connections: 10, amount: Math.ceil(WARM_UP_REQUESTS / mix.length), headers: LAB_HEADERS });
      // RSS swings by about a tenth between V8's major collections, so two readings say more about
      // where a collection fell than about a trend: the mix runs in ten rounds, RSS is read after each,
      // and growth compares the median of the last three readings with that of the first three.
      const rounds = 10;
      const readings: number[] = [rssOf(shopServer.pid)];
      for (let round = 0; round < rounds; round++) {
        for (const url of mix) await load(url, { connections: 10, amount: Math.ceil(total / rounds / mix.length), headers: LAB_HEADERS });
        readings.push(rssOf(shopServer.pid));
      }
      const mb = (b: number) => Math.round(b / 1048576);
      console.log(`  RSS after each round (MB): ${readings.map(mb).join(', ')}`);
      if (readings[0]) {
        const first = median(readings.slice(0, 3)) ?? 0;
        const last = median(readings.slice(-3)) ?? 0;
        figures.push({
          key: 'rss.growth',
          label: `server RSS growth over ${total.toLocaleString('en-US')} requests (median of the last three of ${readings.length} readings against the first three, ${mb(first)} MB after a warm-up of ${WARM_UP_REQUESTS.toLocaleString('en-US')}; readings ${mb(Math.min(...readings))}-${mb(Math.max(...readings))} MB)`,
          shop: Math.round(((last - first) / first) * 1000) / 10,
          floor: null,
          unit: '%',
          target: 'within 10%',
        });
      }
    }

    const catalogueRps = figures.find((f) => f.key === 'ssr.category.rps')?.shop ?? 0;
    // The category page lists at most CATEGORY_PAGE_SIZE analyses: the demo's category has fewer, a
    // larger catalogue's a full page, so its rows rendered per second are compared too.
    const demoRows = await categoryRows(shop + pages.category);
    if (opts.growth) {
      for (const copies of opts.quick ? [10] : [10, 100]) {
        const db = await benchDatabase(tmp, copies);
        const big = await startNext(SHOP_DIR, shopEnv(db), '/api/health', path.join(logDir, `shop-${copies}x.log`));
        servers.push(big);
        try {
          const s1 = await measure(big.url + API.search, seconds, 1);
          figures.push({ key: `growth.${copies}.search.p95`, label: `${copies}x catalogue: search p95 at 1 connection`, shop: s1.p95, floor: null, unit: 'ms', target: '< 20 ms' });
          const cat = await measure(big.url + pages.category, seconds, 20, LAB_HEADERS);
          figures.push({ key: `growth.${copies}.category.rps`, label: `${copies}x catalogue: ${pages.category} req/s (demo: ${Math.round(catalogueRps)})`, shop: cat.rps, floor: null, unit: 'req/s', target: 'within 20% of demo' });
          const delta = catalogueRps ? Math.round(((cat.rps - catalogueRps) / catalogueRps) * 1000) / 10 : 0;
          const rows = await categoryRows(big.url + pages.category);
          const rowDelta = catalogueRps && demoRows ? Math.round(((cat.rps * rows - catalogueRps * demoRows) / (catalogueRps * demoRows)) * 1000) / 10 : 0;
          figures.push({ key: `growth.${copies}.category.rows`, label: `${copies}x catalogue: ${pages.category} analyses rendered per second (${rows} per page; demo: ${demoRows} per page, ${Math.round(catalogueRps * demoRows)}/s)`, shop: Math.round(cat.rps * rows), floor: null, unit: 'rows/s', target: 'within 20% of demo' });
          notes.push(`${copies}x catalogue: ${pages.category} at ${Math.round(cat.rps)} req/s is ${delta}% against the demo catalogue's ${Math.round(catalogueRps)} req/s; it lists ${rows} analyses a page against the demo's ${demoRows}, so per analysis rendered it is ${rowDelta > 0 ? '+' : ''}${rowDelta}%.`);
        } finally {
          await big.stop();
        }
      }
    }
    return { figures, pageJs: shopJs.map((p) => ({ page: p.page, shop: p.gzip })), floorJs, notes };
  } finally {
    for (const s of servers) await s.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
