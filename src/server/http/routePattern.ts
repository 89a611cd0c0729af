import fs from 'node:fs';
import path from 'node:path';

/**
 * The route pattern of a request (`/api/backend/labService/[analysisId]`), the label of its metrics
 * and the key of per-route limits: a value of the set of API route files, never the raw path, so
 * anonymous requests to random paths cannot grow the metrics (one label per route file, and one for
 * a path no file serves). The patterns are read once from the build's pages manifest, or from
 * `pages/api` when there is no build (development, tests).
 */
export const UNMATCHED_ROUTE = '/api/(unmatched)';

interface Pattern {
  pattern: string;
  segments: string[];
}

let patterns: Pattern[] | null = null;

function fromManifest(): string[] | null {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), '.next', 'server', 'pages-manifest.json'), 'utf8')) as Record<string, string>;
    const keys = Object.keys(manifest).filter((k) => k === '/api' || k.startsWith('/api/'));
    return keys.length ? keys : null;
  } catch {
    return null;
  }
}

function fromPages(dir = path.join(process.cwd(), 'pages', 'api'), base = '/api'): string[] {
  const out: string[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) out.push(...fromPages(path.join(dir, entry.name), `${base}/${entry.name}`));
    else if (/\.(ts|tsx|js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      const name = entry.name.replace(/\.(ts|tsx|js)$/, '');
      out.push(name === 'index' ? base : `${base}/${name}`);
    }
  }
  return out;
}

function rank(p: string): number {
  // Static segments win over dynamic ones, and dynamic over catch-all, as in Next.
  return (p.includes('[...') ? 2 : 0) + (p.includes('[') ? 1 : 0);
}

function loadPatterns(): Pattern[] {
  if (!patterns) {
    const list = process.env.NODE_ENV === 'production' ? (fromManifest() ?? fromPages()) : fromPages();
    patterns = [...new Set(list)].sort((a, b) => rank(a) - rank(b)).map((pattern) => ({ pattern, segments: pattern.split('/').filter(Boolean) }));
  }
  return patterns;
}

function matches(p: Pattern, s: string[]): boolean {
  for (let i = 0; i < p.segments.length; i++) {
    const seg = p.segments[i] as string;
    if (/^\[\[?\.\.\./.test(seg)) return i < s.length || seg.startsWith('[[');
    const val = s[i];
    if (val === undefined) return false;
    if (!seg.startsWith('[') && seg !== val) return false;
  }
  return p.segments.length === s.length;
}

/** The pattern of the route file serving `url`, or UNMATCHED_ROUTE. */
export function routePattern(url: string | undefined): string {
  const pathname = (url ?? '').split('?')[0] ?? '';
  const s = pathname.split('/').filter(Boolean);
  return loadPatterns().find((p) => matches(p, s))?.pattern ?? UNMATCHED_ROUTE;
}
