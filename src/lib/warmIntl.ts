import { currencies, formatMoney } from '@/shared/money';

/**
 * Loads ICU's data for the page's language in short tasks of their own, before React hydrates the
 * page. The first collation (profiles are ordered with `localeCompare`) and the first currency
 * format of a page load pay for ICU's locale data: about 50 ms and 70 ms of a phone's main thread
 * (Chrome at 4x CPU throttling), which fell inside hydration's long tasks and lengthened them. Run
 * first, each on its own, they are short tasks the browser can interleave with input and paint; the
 * formatters built here are the ones the page then uses (money.ts keeps them).
 */
export function warmIntlSoon(language: string): void {
  const steps: (() => unknown)[] = [() => 'a'.localeCompare('b'), ...currencies.map((c) => () => formatMoney(0, c, language))];
  const next = () => {
    const step = steps.shift();
    if (!step) return;
    step();
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
