/**
 * Accessibility audit of the browser journeys: axe-core (WCAG 2.0, 2.1 and 2.2, levels A and AA)
 * runs on the page at the end of every journey step, with every screenshot (`ctx.shot`) and
 * whenever a journey asks for it (`ctx.a11y(name)`), so every page a journey shows is checked in
 * the states the journey brings it to.
 * Violations do not stop the journey (all pages get their check); they fail the run at its end.
 * The one rule switched off is `meta-viewport`: the specification asks for a non-zoomable viewport
 * (docs/accessibility.md explains this exception).
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { ViewportName } from './journey';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
export const AXE_DISABLED_RULES = ['meta-viewport'];

export interface AxeViolation {
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

export interface PageAudit {
  /** Path with numeric ids replaced by `:id`. */
  page: string;
  checks: number;
  violations: number;
  rules: Set<string>;
}

/** `/orders/12?x=1` -> `/orders/:id` (the per-page summary groups the same page of different records). */
export function pageKey(url: string): string {
  const u = new URL(url);
  return u.pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
}

/** True once no finite CSS transition or animation is running. */
function animationsDone(page: Page): Promise<unknown> {
  return page
    .waitForFunction(
      () =>
        document.getAnimations().every((a) => {
          if (a.playState !== 'running') return true;
          const timing = a.effect?.getComputedTiming();
          return timing?.iterations === Infinity;
        }),
      undefined,
      { timeout: 3_000, polling: 100 },
    )
    .catch(() => undefined);
}

/**
 * Resolves once the document has not changed for `quietMs` (at most after `maxMs`).
 * The page's side is a string (as everything below that names a function inside the page): the
 * test runner's compiler wraps named functions in a helper the page does not have.
 */
function domQuiet(page: Page, quietMs: number, maxMs: number): Promise<unknown> {
  return page
    .evaluate(`new Promise((resolve) => {
      let timer;
      const done = () => {
        observer.disconnect();
        clearTimeout(timer);
        clearTimeout(cap);
        resolve();
      };
      const observer = new MutationObserver(() => {
        clearTimeout(timer);
        timer = setTimeout(done, ${Number(quietMs)});
      });
      timer = setTimeout(done, ${Number(quietMs)});
      const cap = setTimeout(done, ${Number(maxMs)});
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    })`)
    .catch(ignoreNavigation);
}

const NAVIGATION_ERROR = /context was destroyed|navigat|Target page, context or browser has been closed/i;

/** A page that navigated (or closed) meanwhile has nothing left to wait for; any other error is a bug here. */
function ignoreNavigation(e: unknown): undefined {
  if (NAVIGATION_ERROR.test(String(e))) return undefined;
  throw e;
}

/**
 * Waits until finite CSS transitions/animations (dialogs fading in, toasts sliding) have ended, the
 * document has stopped changing for a moment, and once more for animations: a part loaded on first
 * use (a toast, a dialog) may start its transition just after the page looked still, later still
 * on a busy machine.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load').catch(() => undefined);
  await animationsDone(page);
  await domQuiet(page, 250, 2_000);
  await animationsDone(page);
}

/** Starts recording whether a CSS transition or animation starts (a toast timing out, say). */
function watchMotion(page: Page): Promise<unknown> {
  return page
    .evaluate(`(() => {
      window.__axeMotion = false;
      if (window.__axeMotionWatched) return;
      window.__axeMotionWatched = true;
      const moved = () => { window.__axeMotion = true; };
      for (const type of ['transitionrun', 'animationstart']) document.addEventListener(type, moved, true);
    })()`)
    .catch(ignoreNavigation);
}

function movedSinceWatch(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __axeMotion?: boolean }).__axeMotion === true).catch((e: unknown) => ignoreNavigation(e) ?? false);
}

/**
 * axe's `target-size` rule places a `position: sticky` element where it is laid out in the flow
 * (as if it were `position: relative`) but measures it where it is stuck on screen (axe-core issue
 * 3720). On a scrolled page the sticky top bar then "obscures" whatever scrolled under it (the
 * language buttons of /settings on a phone, say), a target the visitor reaches by scrolling. For
 * the scan, sticky elements are laid out as `relative`, which is axe's own model and moves nothing
 * else (a sticky element keeps its place in the flow); they are put back right after. Fixed
 * elements (the cookie banner, toasts) stay as they are: axe measures those in a grid of their own.
 */
const UNSTICK = `(() => {
  const stuck = [];
  for (const el of document.querySelectorAll('body *')) {
    if (getComputedStyle(el).position !== 'sticky') continue;
    stuck.push([el, el.style.getPropertyValue('position'), el.style.getPropertyPriority('position')]);
    el.style.setProperty('position', 'relative', 'important');
  }
  window.__axeUnstuck = stuck;
})()`;
const RESTICK = `(() => {
  for (const [el, value, priority] of window.__axeUnstuck || []) {
    if (value) el.style.setProperty('position', value, priority);
    else el.style.removeProperty('position');
  }
  window.__axeUnstuck = [];
})()`;

async function analyze(page: Page) {
  await page.evaluate(UNSTICK);
  try {
    return await new AxeBuilder({ page }).withTags(AXE_TAGS).disableRules(AXE_DISABLED_RULES).analyze();
  } finally {
    await page.evaluate(RESTICK).catch(ignoreNavigation);
  }
}

/**
 * Runs axe on the still page. A scan takes a second or more, and something the page runs on a
 * timer (a toast fading out after its seconds) may start moving during it: colours read half-way
 * through a fade are no colours the visitor is meant to read, so such a scan is thrown away and
 * the page checked again once it is still (at most three scans; the last one counts whatever it saw).
 */
async function scanStill(page: Page): Promise<{ results: Awaited<ReturnType<typeof analyze>>; scans: number }> {
  for (let attempt = 1; ; attempt += 1) {
    await settle(page);
    await watchMotion(page);
    let results;
    try {
      results = await analyze(page);
    } catch (e) {
      // A navigation during the scan destroys its context: check the new page once it has loaded.
      if (attempt >= 3 || !NAVIGATION_ERROR.test(String(e))) throw e;
      await page.waitForLoadState('load').catch(() => undefined);
      continue;
    }
    if (attempt >= 3 || !(await movedSinceWatch(page))) return { results, scans: attempt };
  }
}

export class AxeAudit {
  readonly pages = new Map<string, PageAudit>();
  readonly visited = new Set<string>();
  readonly found: { page: string; label: string; violations: AxeViolation[] }[] = [];

  constructor(
    private readonly viewport: ViewportName,
    private readonly log: (line: string) => void,
  ) {}

  /** Records the main frame's navigations so the summary can name pages that were never checked. */
  watch(page: Page): void {
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const url = frame.url();
      if (url.startsWith('http')) this.visited.add(pageKey(url));
    });
  }

  /** Runs axe on the page as it is now; returns the violations (also recorded for the run's verdict). */
  async check(page: Page, label: string): Promise<AxeViolation[]> {
    if (page.isClosed()) return [];
    const url = page.url();
    if (!url.startsWith('http')) return [];
    const key = pageKey(page.url());
    const { results, scans } = await scanStill(page);
    const violations: AxeViolation[] = results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300) })),
    }));
    const entry = this.pages.get(key) ?? { page: key, checks: 0, violations: 0, rules: new Set<string>() };
    entry.checks += 1;
    const nodes = violations.reduce((n, v) => n + v.nodes.length, 0);
    entry.violations += nodes;
    for (const v of violations) entry.rules.add(v.rule);
    this.pages.set(key, entry);
    this.visited.add(key);
    this.log(`      axe [${this.viewport}] ${key} (${label}): ${nodes} violation${nodes === 1 ? '' : 's'}${scans > 1 ? ` (${scans} scans: the page moved during the earlier ones)` : ''}`);
    if (violations.length) {
      this.found.push({ page: key, label, violations });
      for (const v of violations) {
        this.log(`        ${v.rule} (${v.impact}): ${v.help}`);
        for (const n of v.nodes.slice(0, 5)) this.log(`          ${n.target} — ${n.summary}`);
        if (v.nodes.length > 5) this.log(`          … ${v.nodes.length - 5} more`);
      }
    }
    return violations;
  }

  /** Pages the main frame showed without a check (left within one step). */
  unchecked(): string[] {
    return [...this.visited].filter((k) => !this.pages.has(k));
  }

  /** The run's verdict: an error text naming every violating page, or undefined. */
  verdict(): string | undefined {
    if (!this.found.length) return undefined;
    return `accessibility violations (axe, WCAG 2.x A/AA):\n${this.found
      .map((f) => `  ${f.page} (${f.label}): ${f.violations.map((v) => `${v.rule} x${v.nodes.length} [${v.nodes.slice(0, 3).map((n) => n.target).join(', ')}]`).join('; ')}`)
      .join('\n')}`;
  }
}
