import { warmIntlSoon } from './warmIntl';
import { formatMoney } from '@/shared/money';

describe('warmIntlSoon', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('builds the collator and the language money formats one per task, never during the call, and the page then uses those formats', () => {
    const built: string[] = [];
    const RealFormat = Intl.NumberFormat;
    jest.spyOn(Intl, 'NumberFormat').mockImplementation(((locale: string, options: Intl.NumberFormatOptions) => {
      built.push(`${locale} ${options?.currency}`);
      return new RealFormat(locale, options);
    }) as unknown as typeof Intl.NumberFormat);
    const compare = jest.spyOn(String.prototype, 'localeCompare');

    warmIntlSoon('pl');
    expect(compare).not.toHaveBeenCalled();
    expect(built).toEqual([]);

    jest.advanceTimersToNextTimer();
    expect(compare).toHaveBeenCalledTimes(1);
    expect(built).toEqual([]);
    jest.advanceTimersToNextTimer();
    expect(built).toHaveLength(1);
    jest.runAllTimers();
    expect(built.map((b) => b.split(' ')[1]).sort()).toEqual(['BYN', 'EUR', 'PLN']);

    // The page's prices reuse the kept formats: no new Intl.NumberFormat.
    expect(formatMoney(12.5, 'PLN', 'pl')).toMatch(/12,50\s*zł/);
    expect(built).toHaveLength(3);
  });
});
