/**
 * The development server opened at http://127.0.0.1:<port> works as at localhost: Next lets that
 * origin load its scripts and HMR socket, and its middleware manifest (a script Next serves as JSON,
 * vercel/next.js#92180) comes without `X-Content-Type-Options: nosniff`, which made the browser refuse
 * it. Production answers keep every header.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const shopConfig = require('../../../next.config.js') as {
  allowedDevOrigins?: string[];
  headers: () => Promise<{ source: string; headers: { key: string; value: string }[] }[]>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildCustomRoute } = require('next/dist/lib/build-custom-route') as {
  buildCustomRoute: (type: 'header', route: { source: string; headers: unknown[] }) => { regex: string };
};

const env = process.env as Record<string, string | undefined>;
const nodeEnv = env.NODE_ENV;
afterEach(() => {
  env.NODE_ENV = nodeEnv;
});

/** The paths whose answers carry nosniff, as Next matches a header rule's source. */
async function nosniffOn(mode: 'development' | 'production', paths: string[]): Promise<string[]> {
  env.NODE_ENV = mode;
  const rules = (await shopConfig.headers()).filter((r) => r.headers.some((h) => h.key === 'X-Content-Type-Options' && h.value === 'nosniff'));
  const regexes = rules.map((r) => new RegExp(buildCustomRoute('header', r).regex));
  return paths.filter((p) => regexes.some((re) => re.test(p)));
}

const manifest = '/_next/static/development/_clientMiddlewareManifest.js';
const pages = ['/', '/search/analysis/1', '/_next/static/chunks/main.js', '/_next/static/development/_buildManifest.js', '/api/backend/labService'];

test('the development server lets pages opened at 127.0.0.1 load its resources', () => {
  expect(shopConfig.allowedDevOrigins).toContain('127.0.0.1');
});

test('in development every answer but the middleware manifest carries nosniff', async () => {
  expect(await nosniffOn('development', [...pages, manifest])).toEqual(pages);
});

test('in production every answer carries nosniff', async () => {
  expect(await nosniffOn('production', [...pages, manifest])).toEqual([...pages, manifest]);
});

// A module of its own, so its names do not meet those of other script-style test files.
export {};
