/**
 * Server domains that import each other (docs/architecture.md, "Who may import whom"): every runtime
 * import between `src/server/<domain>/` folders (static, re-exports, side effects and `import()`;
 * `import type` and all-type specifiers left out; tests and `testing/` left out), a top-level file of
 * src/server counted as its own domain (the method of the 2026-11-28 review's appendix). Prints the
 * arrows and the mutual pairs; `--json` prints them as JSON. `--cycles` prints instead the import
 * cycles between files of src/ and pages/ (strongly connected components over runtime imports, `import()`
 * included, the appendix's second count).
 *
 *   npx tsx scripts/domain-pairs.ts [--json | --cycles]
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const SERVER = path.join(ROOT, 'src/server');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'testing' || d.name === 'node_modules' ? [] : files(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The domain of a file under src/server: its first folder, or the file's own name at the top. */
function domainOf(file: string): string | null {
  const rel = path.relative(SERVER, file);
  if (rel.startsWith('..')) return null;
  const [first, ...rest] = rel.split(path.sep);
  return rest.length ? first! : first!.replace(/\.tsx?$/, '');
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function runtimeSpecifiers(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    if (m[5] || m[6]) {
      out.push((m[5] ?? m[6])!);
      continue;
    }
    if (m[2]) continue; // import type / export type
    const clause = m[3] ?? '';
    const braces = clause.match(/\{([^}]*)\}/);
    const outside = clause.replace(/\{[^}]*\}/, '').replace(/,/g, '').trim();
    const named = braces ? braces[1]!.split(',').map((s) => s.trim()).filter(Boolean) : [];
    if (!outside && named.length && named.every((s) => s.startsWith('type '))) continue;
    out.push(m[4]!);
  }
  return out;
}

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(ROOT, 'src', spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return null;
}

/** Tarjan's strongly connected components of more than one file, over runtime and `import()` edges. */
function fileCycles(): string[][] {
  const all = [...files(path.join(ROOT, 'src')), ...files(path.join(ROOT, 'pages'))];
  const edges = new Map(all.map((f) => [f, runtimeSpecifiers(fs.readFileSync(f, 'utf8')).map((s) => resolve(f, s)).filter((t): t is string => !!t)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(path.relative(ROOT, w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const f of all) if (!index.has(f)) visit(f);
  return found;
}

if (process.argv.includes('--cycles')) {
  const cycles = fileCycles();
  console.log(`import cycles (runtime and import()): ${cycles.length}`);
  for (const c of cycles) console.log(`  ${c.length} files: ${c.join(', ')}`);
  process.exit(0);
}

const arrows = new Map<string, Set<string>>();
for (const file of files(SERVER)) {
  const from = domainOf(file)!;
  for (const spec of runtimeSpecifiers(fs.readFileSync(file, 'utf8'))) {
    const target = resolve(file, spec);
    const to = target ? domainOf(target) : null;
    if (!to || to === from) continue;
    if (!arrows.has(from)) arrows.set(from, new Set());
    arrows.get(from)!.add(to);
  }
}

const pairs: [string, string][] = [];
for (const [a, tos] of arrows) for (const b of tos) if (a < b && arrows.get(b)?.has(a)) pairs.push([a, b]);
pairs.sort();

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ arrows: Object.fromEntries([...arrows].sort().map(([a, s]) => [a, [...s].sort()])), mutualPairs: pairs }, null, 2));
} else {
  for (const [a, s] of [...arrows].sort()) console.log(`${a} -> ${[...s].sort().join(', ')}`);
  console.log(`\nmutual domain pairs: ${pairs.length}`);
  for (const [a, b] of pairs) console.log(`  ${a} <-> ${b}`);
}
