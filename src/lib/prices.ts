import type { AnalysisDto, PriceDto } from '@/shared/types/api';
import { toMajor, toMinor } from '@/shared/money';

/**
 * What a set of analyses costs in the active laboratory: the sum of their prices, added in minor
 * units (one currency). `whole`: null unless every analysis has a price there (what the add flow
 * charges); otherwise unpriced analyses are left out (a profile card's "tests from").
 */
export function analysesTotal(analyses: Pick<AnalysisDto, 'prices'>[], opts: { whole?: boolean } = {}): { price: number; currency: PriceDto['currency'] } | null {
  let minor = 0;
  let currency: PriceDto['currency'] | null = null;
  for (const analysis of analyses) {
    const price = analysis.prices[0];
    if (!price) {
      if (opts.whole) return null;
      continue;
    }
    currency ??= price.currency;
    if (price.currency !== currency) continue;
    minor += toMinor(price.price);
  }
  return currency ? { price: toMajor(minor), currency } : null;
}
