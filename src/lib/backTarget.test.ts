import { backTarget, backTargetOrHome, BackConfigurationError, parentPath } from './backTarget';

const at = (pathname: string, asPath: string, query: Record<string, string | string[] | undefined> = {}) => backTarget({ pathname, asPath, query });

describe('backTarget', () => {
  it('prefers pathnameToReturn over backPathKey and the page configuration', () => {
    expect(at('/patients/create', '/patients/create?pathnameToReturn=%2Forder%2Fcart', { pathnameToReturn: '/order/cart', backPathKey: 'settings' })).toBe('/order/cart');
  });

  it('uses backPathKey when there is no pathnameToReturn', () => {
    expect(at('/patients/create', '/patients/create?backPathKey=cart', { backPathKey: 'cart' })).toBe('/order/cart');
  });

  it('fills the parameters of a backPathKey route from the query', () => {
    expect(at('/add-to-cart/[addableType]/[addableId]', '/add-to-cart/analysis/5', { addableType: 'analysis', addableId: '5', analysisId: '5', backPathKey: 'analysisInSearch' })).toBe('/search/analysis/5');
  });

  it("falls back to the page's configured back key", () => {
    expect(at('/patients/edit/[patientId]', '/patients/edit/3', { patientId: '3' })).toBe('/patients');
    expect(at('/order/feedback', '/order/feedback')).toBe('/order/nurse-checkout-time');
    expect(at('/', '/')).toBe('/');
  });

  it('goes from add to cart back to the analysis in search, or to the profile card for a profile', () => {
    const page = '/add-to-cart/[addableType]/[addableId]';
    expect(at(page, '/add-to-cart/analysis/5', { addableType: 'analysis', addableId: '5' })).toBe('/search/analysis/5');
    expect(at(page, '/add-to-cart/profile/4', { addableType: 'profile', addableId: '4' })).toBe('/profiles/4');
  });

  it('goes to the parent level for result pages', () => {
    expect(at('/test-results/[testResultId]/patients', '/test-results/7/patients', { testResultId: '7' })).toBe('/test-results');
    expect(at('/test-results/[testResultId]/patients/[patientId]', '/test-results/7/patients/2?x=1', { testResultId: '7', patientId: '2' })).toBe('/test-results/7/patients');
    expect(
      at('/test-results/[testResultId]/patients/[patientId]/analysis-results/[analysisResultId]', '/test-results/7/patients/2/analysis-results/9', {}),
    ).toBe('/test-results/7/patients/2');
  });

  it('shows no back button for pages configured without one and pages outside the route table', () => {
    expect(at('/documents/[documentSlug]', '/documents/terms', { documentSlug: 'terms' })).toBeNull();
    expect(at('/404', '/nowhere')).toBeNull();
  });

  it('rejects an array-valued pathnameToReturn', () => {
    expect(() => at('/login', '/login', { pathnameToReturn: ['/a', '/b'] })).toThrow(BackConfigurationError);
    expect(() => at('/login', '/login', { pathnameToReturn: ['/a', '/b'] })).toThrow(/pathnameToReturn must be a single value/);
  });

  it('rejects an array-valued backPathKey', () => {
    expect(() => at('/login', '/login', { backPathKey: ['home', 'cart'] })).toThrow(/backPathKey must be a single value/);
  });

  it('rejects an unknown backPathKey', () => {
    expect(() => at('/login', '/login', { backPathKey: 'nowhere' })).toThrow(/unknown backPathKey "nowhere"/);
  });

  it('rejects a back route whose path cannot be built (missing target path)', () => {
    expect(() => at('/login', '/login', { backPathKey: 'editPatient' })).toThrow(/missing target path: route editPatient needs parameter patientId/);
    expect(() => at('/add-to-cart/[addableType]/[addableId]', '/add-to-cart/analysis', { addableType: 'analysis' })).toThrow(/missing target path/);
  });

  it('rejects a pathnameToReturn outside the shop', () => {
    expect(() => at('/login', '/login', { pathnameToReturn: 'https://example.com' })).toThrow(/inside the shop/);
    expect(() => at('/login', '/login', { pathnameToReturn: '//example.com' })).toThrow(/inside the shop/);
    expect(() => at('/login', '/login', { pathnameToReturn: decodeURIComponent('%2F%09%2Fevil.example') })).toThrow(/inside the shop/);
  });
});

describe('parentPath', () => {
  it('skips levels that are not pages', () => {
    expect(parentPath('/test-results/7/patients')).toBe('/test-results');
    expect(parentPath('/test-results')).toBe('/');
    expect(parentPath('/')).toBeNull();
  });

  describe('a broken configuration', () => {
    const broken = [
      { pathname: '/login', asPath: '/login', query: { pathnameToReturn: ['/a', '/b'] } },
      { pathname: '/login', asPath: '/login', query: { backPathKey: ['home', 'cart'] } },
      { pathname: '/login', asPath: '/login', query: { backPathKey: 'nowhere' } },
      { pathname: '/patients/create', asPath: '/patients/create', query: { backPathKey: 'editPatient' } },
    ];

    it('throws in development and tests', () => {
      for (const input of broken) expect(() => backTargetOrHome(input, false)).toThrow(BackConfigurationError);
      // The test environment is not production: the default throws too.
      expect(() => backTargetOrHome(broken[0]!)).toThrow(BackConfigurationError);
    });

    it('is logged and leads home in production', () => {
      const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        for (const input of broken) expect(backTargetOrHome(input, true)).toBe('/');
        expect(log).toHaveBeenCalledTimes(broken.length);
        expect(String(log.mock.calls[0]?.[0])).toMatch(/Back button configuration error/);
      } finally {
        log.mockRestore();
      }
    });
  });
});
