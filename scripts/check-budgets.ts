/**
 * Weight budgets that CI can check deterministically on a production build (req/s and Lighthouse
 * stay in `npm run bench`, machines are too noisy for them):
 *
 * - what a first visitor pays: each of home, search, category, analysis, profile and cart loaded once
 *   in headless chromium with an empty cache, every script byte (gzip, as served) counted over 10 s
 *   without interaction (prefetches and what loads after hydration included), <= 1.25x the floor
 *   app's figure measured the same way (scripts/lib/coldVisit.ts; the floor's figure is kept in
 *   scripts/floor-cold-visit.json, re-measured with `npm run check:budgets -- --measure-floor`);
 * - first-load JavaScript of every page, read from the build's build-manifest.json (gzip level 9);
 * - `__NEXT_DATA__` of home and the catalogue pages on the demo catalogue, <= 16 kB;
 * - every first-load chunk starts with V8's compile hint (scripts/compileHints.js).
 *
 * Usage: `npx tsx scripts/check-budgets.ts [distDir]` (default: the browser tests' build,
 * E2E_DIST_DIR or .next-e2e, so CI does not build twice). Exits 1 naming what is over budget.
 * `npx tsx scripts/check-budgets.ts --measure-floor` builds a copy of the floor app in a temporary
 * folder (bench/lib/servers.ts, prepareFloor; ../shared stays untouched), measures its cold visit and
 * writes scripts/floor-cold-visit.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { firstLoadJs, nextDataBytes } from '../bench/lib/bundle';
import { ROOT, prepareFloor, startNext } from '../bench/lib/servers';
import { coldVisitPages, demoPages } from './lib/demoPages';
import { LAB_COOKIE } from '@/shared/storage';
import { firstLoadChunks, HINT } from './compileHints';
import { CHROMIUM_ARGS, coldVisits, WATCH_MS, type ColdVisit } from './lib/coldVisit';

/** The floor's cold-visit figure and how it was made (written by `--measure-floor`). */
const FLOOR_COLD_VISIT_FILE = path.join(__dirname, 'floor-cold-visit.json');
interface FloorColdVisit {
  scriptBytes: number;
  scripts: { url: string; bytes: number }[];
  measuredAt: string;
  command: string;
  chromiumArgs: string[];
  watchMs: number;
}
/** The target for a cold visit of every page measured: no more than 1.25x the floor's (printed beside each page). */
const COLD_VISIT_TARGET = 1.25;
/**
 * What fails the check: the target itself. Every page is within it since 2026-11-29 (the heaviest, the
 * analysis page, at 1.244x; docs/performance.md "Cold visit"); the check was built at 1.35x and
 * ratcheted down to it.
 */
const COLD_VISIT_RATIO = COLD_VISIT_TARGET;
const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

function printVisit(v: ColdVisit, budget: number, floor: number): void {
  const over = v.scriptBytes > budget;
  console.log(`  ${v.page.padEnd(9)} ${v.path.padEnd(28)} ${kB(v.scriptBytes).padStart(9)}  ${String(v.scripts.length).padStart(2)} scripts  ${(v.scriptBytes / floor).toFixed(3)}x  ${over ? `OVER by ${kB(v.scriptBytes - budget)}` : 'ok'}`);
  if (over || process.env.BUDGETS_VERBOSE) {
    for (const s of [...v.scripts].sort((a, b) => b.bytes - a.bytes)) console.log(`      ${kB(s.bytes).padStart(9)}  ${new URL(s.url).pathname}`);
  }
}

/** `--measure-floor`: the floor app built in a temporary copy, started, and visited like the shop. */
async function measureFloor(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-shop-floor-visit-'));
  const dir = prepareFloor(tmp, 'as-shipped');
  const server = await startNext(dir, {}, '/', path.join(tmp, 'floor.log'));
  try {
    const [visit] = await coldVisits(server.url, { floor: '/' });
    if (!visit) throw new Error('no visit');
    const figure: FloorColdVisit = {
      scriptBytes: visit.scriptBytes,
      scripts: visit.scripts.map((s) => ({ url: new URL(s.url).pathname, bytes: s.bytes })),
      measuredAt: new Date().toISOString(),
      command: 'npm run check:budgets -- --measure-floor',
      chromiumArgs: CHROMIUM_ARGS,
      watchMs: WATCH_MS,
    };
    fs.writeFileSync(FLOOR_COLD_VISIT_FILE, `${JSON.stringify(figure, null, 2)}\n`);
    console.log(`Floor cold visit of /: ${kB(visit.scriptBytes)} of script in ${visit.scripts.length} responses; written to ${path.relative(ROOT, FLOOR_COLD_VISIT_FILE)}`);
  } finally {
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * First-load JavaScript of the floor app's page (../shared/perf-floor, Next 16 + MUI 9 + RTK + saga
 * + i18next, one page), gzip level 9, summed over `/_app` and the page's files of its
 * build-manifest.json: the figure `npm run bench` prints as "first-load JS of home" for the floor
 * (measured 2026-11-22 with the same Next.js version as the shop).
 */
export const FLOOR_FIRST_LOAD_JS = 192_925;
/** The issue's target, held for every page (and every new page): no page above 1.25x the floor. */
export const FIRST_LOAD_JS_TARGET = Math.round(FLOOR_FIRST_LOAD_JS * 1.25);
/** `__NEXT_DATA__` of home and the catalogue pages. */
export const NEXT_DATA_BUDGET = 16 * 1024;

const DATA_PAGES = ['/', '/profiles', '/categories/hormones', '/search?q=tsh'];
/** React's server renderer's marker of an outlined Suspense boundary (content sent hidden, revealed by `$RC`). */
const OUTLINED_SEGMENT = /<div hidden id="S:\d+"/;

async function main(): Promise<void> {
  if (process.argv[2] === '--measure-floor') return measureFloor();
  const distDir = process.argv[2] || process.env.E2E_DIST_DIR || '.next-e2e';
  const abs = path.resolve(ROOT, distDir);
  if (!fs.existsSync(path.join(abs, 'build-manifest.json'))) throw new Error(`No production build in ${abs} (run next build or the browser tests first)`);
  const failures: string[] = [];

  const pages = firstLoadJs(abs);
  console.log(`First-load JS (gzip): floor ${kB(FLOOR_FIRST_LOAD_JS)}, budget ${kB(FIRST_LOAD_JS_TARGET)} (1.25x) for every page`);
  for (const p of pages) {
    const mark = p.gzip > FIRST_LOAD_JS_TARGET ? `OVER by ${kB(p.gzip - FIRST_LOAD_JS_TARGET)}` : `ok (${(p.gzip / FLOOR_FIRST_LOAD_JS).toFixed(3)}x)`;
    console.log(`  ${p.page.padEnd(60)} ${kB(p.gzip).padStart(10)}  ${mark}`);
    if (p.gzip > FIRST_LOAD_JS_TARGET) failures.push(`${p.page}: first-load JS ${kB(p.gzip)} > ${kB(FIRST_LOAD_JS_TARGET)}`);
  }

  // Every first-load chunk carries V8's compile hint (scripts/compileHints.js, run by each build).
  const firstLoad = firstLoadChunks(abs);
  const unhinted = firstLoad.filter((f) => !fs.readFileSync(path.join(abs, f), 'utf8').startsWith(HINT));
  console.log(`Compile hint: ${firstLoad.length - unhinted.length} of ${firstLoad.length} first-load chunks`);
  for (const f of unhinted) failures.push(`${f}: first-load chunk without the compile hint`);

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-shop-budgets-'));
  const server = await startNext(
    ROOT,
    { NEXT_DIST_DIR: distDir, DATABASE_URL: `file:${path.join(tmp, 'demo.sqlite')}`, SEED_DEMO: 'true', OUTBOX_DIR: path.join(tmp, 'outbox'), MAIL_OUTBOX: 'true' },
    '/api/health',
    path.join(tmp, 'server.log'),
  );
  try {
    console.log(`__NEXT_DATA__ (demo catalogue), budget ${kB(NEXT_DATA_BUDGET)}:`);
    for (const page of DATA_PAGES) {
      // A first visit (the server prices in the first laboratory) and a visitor with a chosen laboratory.
      for (const cookie of [undefined, `${LAB_COOKIE}=warsaw-mokotow`]) {
        const res = await fetch(server.url + page, { headers: cookie ? { cookie } : {} });
        if (res.status !== 200) failures.push(`${page}: answered ${res.status}`);
        const html = await res.text();
        const bytes = nextDataBytes(html);
        const over = bytes > NEXT_DATA_BUDGET;
        // The page must arrive in place, not as a hidden segment a script reveals after the page's
        // JavaScript has run (src/server/ssr/wholePageStreaming.ts).
        const outlined = OUTLINED_SEGMENT.test(html);
        console.log(`  ${page.padEnd(24)} ${cookie ? 'chosen laboratory' : 'first visit      '} ${kB(bytes).padStart(10)}  ${over ? 'OVER' : 'ok'}${outlined ? ', OUTLINED (hidden until a script reveals it)' : ''}`);
        if (over) failures.push(`${page}${cookie ? ' (chosen laboratory)' : ''}: __NEXT_DATA__ ${kB(bytes)} > ${kB(NEXT_DATA_BUDGET)}`);
        if (outlined) failures.push(`${page}: the server HTML holds the page in a hidden segment revealed by script`);
      }
    }

    const floor = JSON.parse(fs.readFileSync(FLOOR_COLD_VISIT_FILE, 'utf8')) as FloorColdVisit;
    const budget = Math.round(floor.scriptBytes * COLD_VISIT_RATIO);
    console.log(
      `Cold visit (every script byte, gzip as served, ${WATCH_MS / 1000} s, empty cache, headless chromium): floor ${kB(floor.scriptBytes)} (${path.relative(ROOT, FLOOR_COLD_VISIT_FILE)}), budget ${kB(budget)} (${COLD_VISIT_RATIO}x), target ${kB(Math.round(floor.scriptBytes * COLD_VISIT_TARGET))} (${COLD_VISIT_TARGET}x)`,
    );
    const visits = await coldVisits(server.url, coldVisitPages(await demoPages(server.url)));
    for (const v of visits) {
      printVisit(v, budget, floor.scriptBytes);
      if (v.scriptBytes > budget) failures.push(`${v.page} (${v.path}): cold visit ${kB(v.scriptBytes)} of script > ${kB(budget)} (${(v.scriptBytes / floor.scriptBytes).toFixed(2)}x the floor)`);
    }
  } finally {
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  if (failures.length) {
    console.error(`Over budget:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('Budgets kept.');
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
