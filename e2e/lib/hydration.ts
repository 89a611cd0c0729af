import type { Page } from 'playwright-core';
import { HYDRATED_ATTRIBUTE } from '../../src/lib/hydration';

/**
 * The server HTML is visible (and clickable) before React has hydrated it; a click then would be
 * lost or submit the form natively. After `goto` and `reload` of an app page, wait until `_app` has
 * marked the page hydrated (`data-hydrated` on `<html>`, src/store/wrapper.ts), as a person would
 * wait for a page to answer.
 */
export function waitForHydrationOnLoad(p: Page): void {
  const hydrated = async <T extends Awaited<ReturnType<Page['goto']>>>(response: T): Promise<T> => {
    const type = response?.headers()['content-type'] ?? '';
    if (type.startsWith('text/html')) await p.locator(`html[${HYDRATED_ATTRIBUTE}]`).waitFor({ state: 'attached' });
    return response;
  };
  const goto = p.goto.bind(p);
  const reload = p.reload.bind(p);
  p.goto = async (url, options) => hydrated(await goto(url, options));
  p.reload = async (options) => hydrated(await reload(options));
}
