import type { NextRouter } from 'next/router';

/**
 * The Next router of a component under test: the given path, query and `asPath`; `push` and `replace`
 * are jest mocks, so a test asserts navigations with `expect(router.push).toHaveBeenCalledWith('/x')`.
 */
export function testRouter(pathname = '/', query: NextRouter['query'] = {}, asPath = pathname): NextRouter {
  return {
    pathname,
    route: pathname,
    asPath,
    basePath: '',
    query,
    isReady: true,
    isFallback: false,
    isPreview: false,
    isLocaleDomain: false,
    push: jest.fn(() => Promise.resolve(true)),
    replace: jest.fn(() => Promise.resolve(true)),
    reload: jest.fn(),
    back: jest.fn(),
    forward: jest.fn(),
    prefetch: jest.fn(() => Promise.resolve()),
    beforePopState: jest.fn(),
    events: { on: jest.fn(), off: jest.fn(), emit: jest.fn() },
  };
}
