/**
 * Browser tests: builds the app (unless E2E_SKIP_BUILD=1), starts it on a fresh SQLite database
 * with a real SMTP sink, and runs every journey of e2e/journeys/*.e2e.ts in Debian's chromium on a
 * desktop and a phone viewport. Usage: `npm run test:e2e [-- <journey filter>...]`. See e2e/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import webpush from 'web-push';
import { ROOT, DIST_DIR, buildApp, buildId, freePort, startApp, type RunningApp } from './lib/appServer';
import { startSmtpSink, type SmtpSink } from './lib/smtpSink';
import { AxeAudit, type PageAudit } from './lib/axe';
import type { Journey, ViewportName } from './lib/journey';
import { ARTIFACTS, formatMs, makeContext, type ConsoleEntry } from './lib/context';
import { waitForHydrationOnLoad } from './lib/hydration';

const JOURNEYS = path.join(ROOT, 'e2e', 'journeys');

interface ViewportSpec {
  name: ViewportName;
  options: Parameters<Browser['newContext']>[0];
}

const VIEWPORTS: ViewportSpec[] = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
  {
    name: 'phone',
    options: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  },
];

/** Console output of React (and uncaught errors) always fails a run. */
const REACT_MESSAGE =
  /Warning:|hydrat|did not match|didn't match|Cannot update a component|unique "key" prop|Minified React error|React does not recognize|Invalid DOM property|Each child in a list|not wrapped in act|Maximum update depth|Uncaught/i;
/** Chromium logs failed HTTP responses (e.g. an expected 401) as console errors; those are allowed by default. */
const RESOURCE_MESSAGE = /^Failed to load resource/;

/** Chromium's console line for a blocked resource, script or style. */
const CSP_MESSAGE = /Content.Security.Policy/i;

interface CspViolation {
  page: string;
  text: string;
}

/**
 * Reports every Content-Security-Policy violation of every document (before the page's own scripts
 * run) to the harness, which fails the run on any; `allowConsole` cannot excuse one.
 */
const CSP_LISTENER = `addEventListener('securitypolicyviolation', (e) => {
  const report = globalThis.__reportCspViolation;
  if (typeof report === 'function') report(e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + (e.sample ? ' (' + e.sample + ')' : '') + ' at ' + e.sourceFile + ':' + e.lineNumber);
}, true);`;

interface RunResult {
  journey: string;
  file: string;
  viewport: ViewportName;
  ok: boolean;
  ms: number;
  error?: string;
  console: ConsoleEntry[];
  /** axe results per page of this run, and pages shown without a check. */
  axe: PageAudit[];
  axeUnchecked: string[];
}

async function loadJourneys(filters: string[]): Promise<{ file: string; journey: Journey }[]> {
  const files = fs
    .readdirSync(JOURNEYS)
    .filter((f) => f.endsWith('.e2e.ts'))
    .sort();
  const out: { file: string; journey: Journey }[] = [];
  for (const f of files) {
    const mod = (await import(path.join(JOURNEYS, f))) as { default?: Journey | { default?: Journey } };
    // tsx may wrap the default export of a CommonJS-compiled module once more.
    const candidate = mod.default && 'run' in mod.default ? mod.default : (mod.default as { default?: Journey } | undefined)?.default;
    if (!candidate || typeof candidate.run !== 'function') throw new Error(`${f} must export default journey(...)`);
    const base = f.replace(/\.e2e\.ts$/, '');
    const hay = `${base} ${candidate.name}`.toLowerCase();
    if (filters.length && !filters.some((flt) => hay.includes(flt.toLowerCase()))) continue;
    out.push({ file: base, journey: candidate });
  }
  return out;
}


async function runOne(browser: Browser, spec: ViewportSpec, file: string, journey: Journey, baseUrl: string, smtp: SmtpSink): Promise<RunResult> {
  const t0 = Date.now();
  const consoleEntries: ConsoleEntry[] = [];
  const allowed: RegExp[] = [];
  const { options } = journey;
  const context = await browser.newContext({
    ...spec.options,
    locale: options.locale ?? 'en-US',
    geolocation: options.geolocation,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    baseURL: baseUrl,
  });
  if (options.permissions?.length) await context.grantPermissions(options.permissions, { origin: baseUrl });
  const csp: CspViolation[] = [];
  await context.exposeBinding('__reportCspViolation', (source, text: string) => void csp.push({ page: source.page.url(), text }));
  await context.addInitScript(CSP_LISTENER);
  // Every document the app answers must carry a policy: pages the strict one, anything else (a download) one at all.
  context.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() !== 'document' || !response.url().startsWith(baseUrl) || response.status() >= 300 && response.status() < 400) return;
    const headers = response.headers();
    const policy = headers['content-security-policy'] ?? '';
    const isPage = (headers['content-type'] ?? '').startsWith('text/html');
    if (isPage ? !(policy.includes("'strict-dynamic'") && policy.includes("frame-ancestors 'none'")) : !policy)
      csp.push({ page: response.url(), text: `answered ${response.status()} without ${isPage ? 'the page' : 'a'} Content-Security-Policy (got "${policy}")` });
  });
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(45_000);
  const attach = (p: Page) => {
    waitForHydrationOnLoad(p);
    p.on('console', (msg) => {
      const type = msg.type();
      if (CSP_MESSAGE.test(msg.text())) csp.push({ page: p.url(), text: msg.text() });
      if (type !== 'error' && type !== 'warning') return;
      const loc = msg.location();
      consoleEntries.push({ type, text: msg.text(), location: `${loc.url}:${loc.lineNumber}` });
    });
    p.on('pageerror', (err) => consoleEntries.push({ type: 'pageerror', text: `${err.name}: ${err.message}`, location: p.url() }));
  };
  context.on('page', attach);
  const page = await context.newPage();
  const lines: string[] = [];
  const log = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  console.log(`  ▶ [${spec.name}] ${journey.name}`);
  const audit = new AxeAudit(spec.name, log);
  audit.watch(page);
  const ctx = makeContext({ page, context, viewport: spec.name, baseUrl, file, smtp, consoleEntries, allowed, log, audit });
  let error: string | undefined;
  try {
    const timeoutMs = options.timeoutMs ?? 180_000;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      journey.run(ctx),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`journey timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
    const fatal = consoleEntries.filter(
      (e) =>
        !allowed.some((r) => r.test(e.text)) &&
        (e.type === 'pageerror' || (e.type === 'error' && !RESOURCE_MESSAGE.test(e.text)) || (e.type === 'warning' && REACT_MESSAGE.test(e.text))),
    );
    if (fatal.length) error = `browser console reported:\n${fatal.map((e) => `  [${e.type}] ${e.text} (${e.location})`).join('\n')}`;
    if (csp.length) {
      const violations = `Content-Security-Policy violations:\n${csp.map((v) => `  ${v.text} (${v.page})`).join('\n')}`;
      error = error ? `${error}\n${violations}` : violations;
    }
    const a11y = audit.verdict();
    if (a11y) error = error ? `${error}\n${a11y}` : a11y;
  } catch (e) {
    error = e instanceof Error ? (e.stack ?? e.message) : String(e);
    try {
      await page.screenshot({ path: path.join(ARTIFACTS, spec.name, `${file}-failure.png`) });
      error += `\n  at URL ${page.url()}; screenshot e2e/artifacts/${spec.name}/${file}-failure.png`;
    } catch {
      /* the page may be gone */
    }
  } finally {
    await context.close().catch(() => undefined);
  }
  if (error && consoleEntries.length) {
    // The browser's own account of what went wrong (uncaught errors, failed requests) helps most.
    error += `\n  browser console during the run:\n${consoleEntries
      .slice(-15)
      .map((e) => `    [${e.type}] ${e.text.slice(0, 400)} (${e.location})`)
      .join('\n')}`;
  }
  return {
    journey: journey.name,
    file,
    viewport: spec.name,
    ok: !error,
    ms: Date.now() - t0,
    error,
    console: consoleEntries,
    axe: [...audit.pages.values()],
    axeUnchecked: audit.unchecked(),
  };
}

/** Per page and viewport: how many axe checks ran and how many violating nodes they found. */
function printAxeSummary(results: RunResult[]): void {
  const rows = new Map<string, { checks: number; violations: number; rules: Set<string> }>();
  const unchecked = new Set<string>();
  for (const r of results) {
    for (const p of r.axe) {
      const key = `${p.page}\t${r.viewport}`;
      const row = rows.get(key) ?? { checks: 0, violations: 0, rules: new Set<string>() };
      row.checks += p.checks;
      row.violations += p.violations;
      for (const rule of p.rules) row.rules.add(rule);
      rows.set(key, row);
    }
    for (const u of r.axeUnchecked) if (!r.axe.some((p) => p.page === u)) unchecked.add(`${u} [${r.viewport}]`);
  }
  if (!rows.size) return;
  console.log('\n== accessibility (axe-core, WCAG 2.0/2.1/2.2 A+AA; meta-viewport off, see docs/accessibility.md)');
  console.log(`  ${'page'.padEnd(42)} ${'viewport'.padEnd(8)} ${'checks'.padStart(6)} ${'violations'.padStart(10)}`);
  for (const [key, row] of [...rows.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const [pageName = '', viewport = ''] = key.split('\t');
    const rules = row.rules.size ? `  ${[...row.rules].join(', ')}` : '';
    console.log(`  ${pageName.padEnd(42)} ${viewport.padEnd(8)} ${String(row.checks).padStart(6)} ${String(row.violations).padStart(10)}${rules}`);
  }
  const total = [...rows.values()].reduce((n, r) => n + r.violations, 0);
  console.log(`  ${rows.size} page views, ${total} violating nodes`);
  const stillUnchecked = [...unchecked].filter((u) => !rows.has(u.replace(/ \[(desktop|phone)\]$/, (_, v: string) => `\t${v}`)));
  if (stillUnchecked.length) console.log(`  shown only in passing (no check): ${stillUnchecked.join(', ')}`);
}

async function main(): Promise<number> {
  const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const onlyViewport = process.env.E2E_VIEWPORT as ViewportName | undefined;
  const journeys = await loadJourneys(filters);
  if (!journeys.length) {
    console.error(`no journeys match ${JSON.stringify(filters)} in e2e/journeys/*.e2e.ts`);
    return 1;
  }
  for (const v of VIEWPORTS) {
    fs.mkdirSync(path.join(ARTIFACTS, v.name), { recursive: true });
    for (const { file } of journeys) {
      for (const f of fs.readdirSync(path.join(ARTIFACTS, v.name))) if (f.startsWith(`${file}-`)) fs.rmSync(path.join(ARTIFACTS, v.name, f));
    }
  }

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-shop-e2e-'));
  const smtp = await startSmtpSink();
  let app: RunningApp | null = null;
  let browser: Browser | null = null;
  const cleanup = async () => {
    await browser?.close().catch(() => undefined);
    await app?.stop().catch(() => undefined);
    await smtp.close().catch(() => undefined);
  };
  const onSignal = () => {
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const results: RunResult[] = [];
  const started = Date.now();
  try {
    const port = await freePort();
    const vapid = webpush.generateVAPIDKeys();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NEXT_DIST_DIR: DIST_DIR,
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: `file:${path.join(tmp, 'e2e.sqlite')}`,
      SEED_DEMO: 'true',
      APP_URL: baseUrl,
      SMTP_URL: smtp.url,
      // The built-in test provider takes the online payments (production needs it said explicitly).
      PAYMENT_TEST_PROVIDER: 'true',
      PAYMENT_TEST_SECRET: 'e2e-test-provider-secret',
      // Web Push: the shop's own key pair for this run, and the push service on this machine that the
      // journeys start (src/server/testing/fakePush.ts) as the only one the app may post to.
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_SERVICE_HOSTS: '127.0.0.1',
      // The anti-automation limits stay on, so the journeys pass through them; but every journey comes
      // from one address (127.0.0.1) and registers and orders far more than a person would in an hour,
      // so the per-address limits are raised. Per e-mail and per account the shop's defaults hold.
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      RATE_LIMIT_RESET_PER_IP: '1000',
      RATE_LIMIT_ACTIVATION_PER_IP: '1000',
      RATE_LIMIT_ORDER_PER_IP: '1000',
      RATE_LIMIT_SUPPORT_PER_IP: '1000',
    };
    // Journeys that prepare data with the project's scripts (e.g. `staff:add`) use the app's database.
    process.env.E2E_DATABASE_URL = env.DATABASE_URL;
    if (process.env.E2E_SKIP_BUILD === '1') {
      console.log(`== using the existing build in ${DIST_DIR} (E2E_SKIP_BUILD=1)`);
    } else {
      console.log(`== next build (${DIST_DIR}); log: e2e/artifacts/build.log`);
      const t = Date.now();
      await buildApp({ ...env, DATABASE_URL: `file:${path.join(tmp, 'build.sqlite')}` }, path.join(ARTIFACTS, 'build.log'));
      console.log(`   built in ${formatMs(Date.now() - t)}`);
    }
    console.log(`== next start on ${baseUrl}, SMTP sink on ${smtp.url}, database ${env.DATABASE_URL}`);
    app = await startApp(env, port, path.join(ARTIFACTS, 'server.log'));
    const startedBuild = buildId();
    const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium';
    browser = await chromium.launch({
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    for (const { file, journey } of journeys) {
      for (const spec of VIEWPORTS) {
        if (journey.options.viewports && !journey.options.viewports.includes(spec.name)) continue;
        if (onlyViewport && onlyViewport !== spec.name) continue;
        const r = await runOne(browser, spec, file, journey, baseUrl, smtp);
        if (!r.ok && buildId() !== startedBuild) {
          r.error += `\n  NOTE: the build in ${DIST_DIR} changed during this run (another build in the same directory?); set E2E_DIST_DIR=.next-e2e-<name> for parallel runs.`;
        }
        results.push(r);
        console.log(`  ${r.ok ? 'PASS' : 'FAIL'} [${r.viewport}] ${r.journey} (${formatMs(r.ms)})`);
        if (r.error) console.log(r.error.replace(/^/gm, '      '));
      }
    }
  } catch (e) {
    console.error(`e2e harness failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    await cleanup();
    return 1;
  }
  await cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });

  printAxeSummary(results);
  const failed = results.filter((r) => !r.ok);
  console.log('\n== summary');
  for (const r of results) console.log(`  ${r.ok ? 'PASS' : 'FAIL'}  ${r.viewport.padEnd(7)}  ${formatMs(r.ms).padStart(7)}  ${r.file}: ${r.journey}`);
  console.log(`  ${results.length - failed.length} passed, ${failed.length} failed, ${formatMs(Date.now() - started)} in total; screenshots in e2e/artifacts/<viewport>/`);
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
