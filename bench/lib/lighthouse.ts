/** Lighthouse mobile scores (the `lighthouse` package driving Debian's chromium via chrome-launcher). */
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import { median } from './stats';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Script bytes transferred on a cold load. */
  scriptBytes: number;
  lcpMs: number;
  tbtMs: number;
}

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The idle share of the CPU a Lighthouse run waits for. */
const QUIET_IDLE = 0.9;

/** Idle and total CPU time of the machine so far (Linux /proc/stat; null elsewhere). */
function cpuTimes(): { idle: number; total: number } | null {
  try {
    const fields = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

/**
 * Waits until the machine's CPU has been at least `minIdle` idle over one second (at most
 * `maxWaitMs`), and returns the idle fraction it saw last. Lighthouse's simulated blocking time is
 * four times the CPU time the page took, so a run started while the servers are still busy after the
 * load tests (garbage collection, a render cache filling) charges the page with their work.
 */
async function quietCpu(minIdle = QUIET_IDLE, maxWaitMs = 30_000): Promise<number | null> {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const a = cpuTimes();
    await new Promise((r) => setTimeout(r, 1000));
    const b = cpuTimes();
    if (!a || !b) return null;
    const idle = (b.idle - a.idle) / Math.max(1, b.total - a.total);
    if (idle >= minIdle || Date.now() > deadline) return idle;
  }
}

/** Waits for a quiet CPU (`quietCpu`) before `what`, and says so when it gave up waiting. */
export async function quietCpuBefore(what: string): Promise<void> {
  const idle = await quietCpu();
  if (idle !== null && idle < QUIET_IDLE) console.log(`  (the CPU was only ${Math.round(idle * 100)}% idle before ${what})`);
}

/** Median of `runs` Lighthouse mobile runs (default settings: mobile form factor, simulated throttling). */
export async function lighthouseMedian(url: string, runs: number): Promise<LighthouseScores> {
  const { default: lighthouse } = await import('lighthouse');
  const results: LighthouseScores[] = [];
  for (let i = 0; i < runs; i++) {
    await quietCpuBefore('this Lighthouse run');
    const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    try {
      const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
      const lhr = r?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const summary = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
      results.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        scriptBytes: summary.find((x) => x.resourceType === 'script')?.transferSize ?? 0,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
      });
    } finally {
      chrome.kill();
    }
  }
  return {
    performance: median(results.map((r) => r.performance)) ?? 0,
    accessibility: median(results.map((r) => r.accessibility)) ?? 0,
    bestPractices: median(results.map((r) => r.bestPractices)) ?? 0,
    seo: median(results.map((r) => r.seo)) ?? 0,
    scriptBytes: median(results.map((r) => r.scriptBytes)) ?? 0,
    lcpMs: median(results.map((r) => r.lcpMs)) ?? 0,
    tbtMs: median(results.map((r) => r.tbtMs)) ?? 0,
  };
}
