import type { AnalysisDto, PriceDto } from '@/shared/types/api';
import {
  EMPTY_PRICES_MESSAGE,
  analysesWithHeader,
  categoryHeaderId,
  formatAnalysisPrice,
  listItem,
  profileListItem,
  isPopular,
  profileGroup,
  profileTotal,
  unavailableCount,
  selectPrice,
  sortProfiles,
  visibleCategories,
} from './rules';

const price = (amount: number, currency: PriceDto['currency'] = 'PLN', id = 1): PriceDto => ({
  id,
  priceListId: 1,
  currency,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  price: amount,
});

const analysis = (over: Partial<AnalysisDto> = {}): AnalysisDto => ({
  id: 1,
  name: 'Glucose',
  code: 'GLU',
  description: '',
  execPeriod: 1,
  catalogueHeaders: [],
  prices: [price(12.5)],
  materials: [],
  restrictions: {},
  ...over,
});

const headers = (...ids: number[]) => ids.map((id) => ({ id, name: `Header ${id}` }));

describe('isPopular', () => {
  it('is true only with catalogue header 23', () => {
    expect(isPopular(analysis({ catalogueHeaders: headers(4, 23) }))).toBe(true);
    expect(isPopular(analysis({ catalogueHeaders: headers(4, 24, 230) }))).toBe(false);
    expect(isPopular(analysis({ catalogueHeaders: [] }))).toBe(false);
  });
});

describe('visibleCategories', () => {
  it('drops headers 23, 24, 25, 26, 29 and 30 and keeps the others in order', () => {
    const a = analysis({ catalogueHeaders: headers(4, 23, 24, 25, 26, 27, 28, 29, 30, 1) });
    expect(visibleCategories(a).map((h) => h.id)).toEqual([4, 27, 28, 1]);
  });
});

describe('selectPrice', () => {
  it('takes the first entry of the prices list', () => {
    expect(selectPrice(analysis({ prices: [price(10, 'EUR', 7), price(99, 'PLN', 8)] }))).toMatchObject({ id: 7, price: 10, currency: 'EUR' });
  });

  it('logs the spec message and returns null for an empty list', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(selectPrice(analysis({ prices: [] }))).toBeNull();
    expect(spy).toHaveBeenCalledWith(EMPTY_PRICES_MESSAGE);
    expect(EMPTY_PRICES_MESSAGE).toBe('Prices array of analysis is empty');
    spy.mockRestore();
  });
});

describe('formatAnalysisPrice', () => {
  it('formats the price in its currency for the language', () => {
    const a = analysis({ prices: [price(12.5, 'PLN')] });
    expect(formatAnalysisPrice(a, 'pl')?.replace(/\s/g, ' ')).toBe('12,50 zł');
    expect(formatAnalysisPrice(analysis({ prices: [price(1234.5, 'EUR')] }), 'en')).toBe('€1,234.50');
    expect(formatAnalysisPrice(analysis({ prices: [price(7, 'BYN')] }), 'ru')?.replace(/\s/g, ' ')).toMatch(/^7,00 (Br|BYN)$/);
  });

  it('is null when there is no price', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(formatAnalysisPrice(analysis({ prices: [] }), 'en')).toBeNull();
    spy.mockRestore();
  });
});

describe('profileTotal', () => {
  it('sums the available prices without floating point drift', () => {
    const labServices = [analysis({ prices: [price(0.1)] }), analysis({ prices: [price(0.2)] }), analysis({ prices: [] })];
    expect(profileTotal({ labServices })).toEqual({ price: 0.3, currency: 'PLN' });
  });

  it('is null when no analysis has a price', () => {
    expect(profileTotal({ labServices: [analysis({ prices: [] })] })).toBeNull();
  });
});

describe('profile ordering (spec §9)', () => {
  it('groups profiles by the number before the first dot', () => {
    expect(profileGroup('Профиль 3. Щитовидная железа')).toBe(0);
    expect(profileGroup('Профиль 9. Печень')).toBe(0);
    expect(profileGroup('Профиль 10. Почки')).toBe(1);
    expect(profileGroup('Профиль здоровья')).toBe(1);
    expect(profileGroup('профиль 2. строчными')).toBe(0);
    expect(profileGroup('Check-up. Basic')).toBe(2);
    expect(profileGroup('Profile 1. Thyroid')).toBe(2);
  });

  it('puts numbered profiles under 10 first, then the other profiles, then the rest, alphabetical within each group', () => {
    const names = [
      'Women health',
      'Профиль 12. Гормоны',
      'Профиль 2. Печень',
      'Anemia panel',
      'Профиль здоровья',
      'Профиль 1. Щитовидная железа',
      'Профиль 10. Почки',
    ];
    const input = names.map((name, id) => ({ id, name }));
    const sorted = sortProfiles(input).map((p) => p.name);
    expect(sorted).toEqual([
      'Профиль 1. Щитовидная железа',
      'Профиль 2. Печень',
      'Профиль 10. Почки',
      'Профиль 12. Гормоны',
      'Профиль здоровья',
      'Anemia panel',
      'Women health',
    ]);
    // The input is left as it was.
    expect(input.map((p) => p.name)).toEqual(names);
  });
});

describe('categories', () => {
  it('maps the six slugs to header ids through the configured mapping', () => {
    const mapping = { autoimmune: '11', hormones: '12', allergology: '13', 'general-blood-tests': '14', genetics: '15', diagnostics: '16' };
    expect(categoryHeaderId('hormones', mapping)).toBe(12);
    expect(categoryHeaderId('general-blood-tests', mapping)).toBe(14);
    expect(categoryHeaderId('cardiology', { ...mapping, cardiology: '9' })).toBeNull();
    expect(categoryHeaderId('genetics', { ...mapping, genetics: 'x' })).toBeNull();
  });

  it('uses the demo mapping by default', () => {
    expect(categoryHeaderId('autoimmune')).toBe(1);
    expect(categoryHeaderId('diagnostics')).toBe(6);
  });

  it('lists the analyses carrying a header', () => {
    const list = [analysis({ id: 1, catalogueHeaders: headers(2) }), analysis({ id: 2, catalogueHeaders: headers(3, 2) }), analysis({ id: 3 })];
    expect(analysesWithHeader(list, 2).map((a) => a.id)).toEqual([1, 2]);
  });
});

describe('list rows', () => {
  it('drop what only the card shows and keep names, codes, headers and the price', () => {
    const full = analysis({ description: 'Long text', materials: [{ id: 1, name: 'Tube', price: 1, optional: false }], preparation: 'Fast', fastingHours: 8, catalogueHeaders: headers(4) });
    const first = full.prices[0] as PriceDto;
    const row = listItem({ ...full, prices: [first, { ...first, id: first.id + 1, price: 99 }] });
    expect(row).toEqual({ ...full, description: '', materials: [], preparation: undefined, prices: [{ ...first, created: '', updated: '' }] });
    expect('preparation' in row).toBe(false);
    const profile = { id: 1, name: 'P', description: 'd', code: 'P1', created: '', updated: '', labServices: [full, { ...full, id: 2, prices: [] }, { ...full, id: 3, prices: [price(7.25)] }] };
    expect(profileListItem(profile)).toEqual({ id: 1, name: 'P', analysesCount: 3, total: { price: 19.75, currency: 'PLN' } });
    expect(unavailableCount(profile)).toBe(1);
  });
});
