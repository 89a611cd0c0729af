import fs from 'node:fs';
import { discoverApiRoutes } from '../testing/apiServer';

/**
 * Every API route file switches off the framework's body parser, so the route reads the body itself:
 * after authentication, JSON only, with the shop's depth and size limits and its JSON error shape
 * (docs/architecture.md, "Server"). A route on Next's parser would read up to 1 MB before checking the
 * caller and answer an oversized body with a text 413.
 */
const routes = discoverApiRoutes();

test('the walk finds the API route files', () => {
  expect(routes.length).toBeGreaterThan(50);
  expect(routes.map((r) => r.pattern)).toContain('/api/backend/orders/[orderId]/invoice');
});

test.each(routes.map((r) => [r.pattern, r.file]))('%s exports config.api.bodyParser = false', (_pattern, file) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(file) as { config?: { api?: { bodyParser?: unknown } } };
  expect(mod.config?.api?.bodyParser).toBe(false);
  // Nothing in the file reads Next's parsed body in place of route()'s own reading.
  expect(fs.readFileSync(file, 'utf8')).not.toMatch(/bodyParser:\s*(true|\{)/);
});
