import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { createTestDb, type TestDb } from '../src/server/testing/testDb';
import { discoverApiRoutes, startApiServer, type TestApiServer } from '../src/server/testing/apiServer';

/**
 * docs/openapi.yaml and the route files agree: every route file is described with exactly its
 * methods, and every described path and method is served (no missing file, no 405).
 */
interface Spec {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const spec = yaml.load(fs.readFileSync(path.join(__dirname, 'openapi.yaml'), 'utf8')) as Spec;
const base = spec.servers[0]?.url ?? '';

/** `/api/backend/patient/[patientId]` -> `/backend/patient/{patientId}` */
const toSpecPath = (pattern: string) => pattern.slice(base.length).replace(/\[([^\]]+)\]/g, '{$1}');
const specMethods = (p: string) => Object.keys(spec.paths[p] ?? {}).filter((m) => HTTP_METHODS.includes(m)).map((m) => m.toUpperCase()).sort();

let tdb: TestDb;
let api: TestApiServer;

beforeAll(async () => {
  tdb = await createTestDb({ seed: false });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

test('the description is OpenAPI 3.1 served under /api', () => {
  expect(spec.openapi).toMatch(/^3\.1\./);
  expect(base).toBe('/api');
});

test('every route file is in the description with exactly its methods', async () => {
  const problems: string[] = [];
  for (const route of discoverApiRoutes()) {
    const specPath = toSpecPath(route.pattern);
    const urlPath = route.pattern.replace(/\[[^\]]+\]/g, '1');
    // A method table answers 405 with Allow for a method it does not have.
    const res = await api.call('OPTIONS', urlPath);
    const allowed = (res.headers.get('allow') ?? '').split(',').map((m) => m.trim()).filter(Boolean).sort();
    if (!spec.paths[specPath]) {
      problems.push(`missing from docs/openapi.yaml: ${specPath} (${allowed.join(', ')})`);
      continue;
    }
    const described = specMethods(specPath);
    if (allowed.join() !== described.join()) problems.push(`${specPath}: code has ${allowed.join(', ')}, the description has ${described.join(', ')}`);
  }
  expect(problems).toEqual([]);
});

test('every described path and method is served', async () => {
  const patterns = new Set(discoverApiRoutes().map((r) => toSpecPath(r.pattern)));
  const problems: string[] = [];
  for (const p of Object.keys(spec.paths)) {
    if (!patterns.has(p)) {
      problems.push(`no route file for ${p}`);
      continue;
    }
    for (const m of specMethods(p)) {
      const res = await api.call(m, base + p.replace(/\{[^}]+\}/g, '1'));
      if (res.status === 405) problems.push(`${m} ${p} answers 405`);
    }
  }
  expect(problems).toEqual([]);
});
